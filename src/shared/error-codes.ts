/** Stable, machine-readable failure codes carried in `error.code` of the response envelope. */
export const apiErrorCodes = [
  "VALIDATION",
  "INVALID_CREDENTIALS",
  "EMAIL_TAKEN",
  "CONFLICT",
  "THROTTLED",
  "FORBIDDEN_ORIGIN",
  "UNAUTHENTICATED",
  "NOT_FOUND",
  "PAYLOAD_TOO_LARGE",
  "UNAVAILABLE",
  "INTERNAL",
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];
