import type { ApiErrorCode } from "@shared/error-codes";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The HTTP status each failure code is answered with: the one place the product's refusals meet HTTP. */
export const STATUS_OF_CODE: Record<ApiErrorCode, ContentfulStatusCode> = {
  VALIDATION: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  FORBIDDEN_ORIGIN: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  BOOKING_CHANGED: 409,
  BOOKING_STATUS: 409,
  BOOKING_NOT_STARTED: 409,
  SLOT_TAKEN: 409,
  OUTSIDE_HOURS: 409,
  PAYLOAD_TOO_LARGE: 413,
  THROTTLED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};
