import type { BookingStatus } from "./booking.constants";
import type { ApiErrorCode } from "./error-codes";

// The response envelope of spec section 7: every /api response, success or failure, has this shape.
export type ApiSuccess<T> = { success: true; data: T };
/**
 * `message` is English for logs and API clients; `code` (and, for VALIDATION, `field`: the path of the first
 * offending input, such as `email` or `transcript[2].text`) is what a client translates for its users.
 */
export type ApiFailure = {
  success: false;
  error: {
    message: string;
    code?: ApiErrorCode;
    field?: string;
    /** BOOKING_STATUS, BOOKING_NOT_STARTED and BOOKING_CHANGED: the booking's status now. */
    currentStatus?: BookingStatus;
    /** SLOT_TAKEN: the next free slot starts of that day (ISO instants), to offer instead. */
    nextFreeSlots?: string[];
  };
};
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;
