/** Stable, machine-readable failure codes carried in `error.code` of the response envelope. */
export const apiErrorCodes = [
  "VALIDATION",
  "INVALID_CREDENTIALS",
  "EMAIL_TAKEN",
  "CONFLICT",
  /** A booking change made against a version someone else has changed since (If-Match). */
  "BOOKING_CHANGED",
  /** Spec 4's rule does not allow that change from the booking's current status (`currentStatus`). */
  "BOOKING_STATUS",
  /** A booking completed before its appointment has started (the message names the start). */
  "BOOKING_NOT_STARTED",
  /** The time is not a free slot, or was taken meanwhile (`nextFreeSlots` lists that day's next ones). */
  "SLOT_TAKEN",
  /** A staff booking outside the opening hours, not confirmed as such (`outsideHours: true`). */
  "OUTSIDE_HOURS",
  "THROTTLED",
  "FORBIDDEN_ORIGIN",
  "UNAUTHENTICATED",
  "NOT_FOUND",
  "PAYLOAD_TOO_LARGE",
  "UNAVAILABLE",
  "INTERNAL",
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];
