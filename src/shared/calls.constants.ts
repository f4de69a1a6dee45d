// Kept apart from calls.schema.ts so the client can use them without loading arktype.

/** Spec 4: call status values; a finished call never goes back to `in-progress`. */
export const CALL_STATUSES = ["in-progress", "completed", "missed", "failed"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const FINISHED_CALL_STATUSES: readonly CallStatus[] = ["completed", "missed", "failed"];

/** Spec 4: outcome values. */
export const CALL_OUTCOMES = ["booked", "inquiry", "no-action"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/**
 * The caller's number as stored when the platform does not say it (a web call, a withheld number): the API
 * answers it as stored, while the portal and Telegram show their own words for an unknown caller.
 */
export const UNKNOWN_CALLER = "unknown";

/** Spec 9: page size of the calls list; the API accepts up to 100. */
export const CALLS_PAGE_SIZE = 10;
export const CALLS_MAX_LIMIT = 100;
