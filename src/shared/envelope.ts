// The response envelope of spec section 7: every /api response, success or failure, has this shape.
export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = { success: false; error: { message: string } };
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;
