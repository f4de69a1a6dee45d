import type { ApiErrorCode } from "./error-codes";

// The response envelope of spec section 7: every /api response, success or failure, has this shape.
export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = { success: false; error: { message: string; code?: ApiErrorCode } };
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;
