import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FailureFacts } from "@machines/failure";
import { PASSWORD_MAX, PASSWORD_MIN } from "@shared/auth.constants";
import { ApiError, BAD_RESPONSE, type ClientErrorCode } from "./api-client";

// What the user reads when an API call failed (spec 8), in one place: the catalog's message for a failure, and
// what a failed load is to the user. The components in components/failure-text.tsx show it; a form's own
// words for its fields live beside the form (service-field-messages.ts, settings-field-messages.ts).

/**
 * The one mapping from what the server said to what the user reads. The server's `message` is English for
 * logs and API clients; users get the catalog's text for its `code`, and for a VALIDATION failure of a field
 * they typed, words about that field.
 */
const BY_CODE: Record<ClientErrorCode, MessageDescriptor> = {
  VALIDATION: msg`Some of what was sent was not accepted. Check it and try again.`,
  INVALID_CREDENTIALS: msg`Invalid email or password`,
  EMAIL_TAKEN: msg`An account with this email already exists`,
  CONFLICT: msg`This clashes with something that already exists. Change it and try again.`,
  BOOKING_CHANGED: msg`This booking was changed by someone else. It has been reloaded; check it and try again.`,
  BOOKING_STATUS: msg`This booking's status no longer allows that change.`,
  BOOKING_NOT_STARTED: msg`This appointment has not started yet: it can be completed once it has.`,
  SLOT_TAKEN: msg`That time is no longer free. Choose another time.`,
  OUTSIDE_HOURS: msg`That time is outside the opening hours.`,
  THROTTLED: msg`Too many attempts. Try again later.`,
  FORBIDDEN_ORIGIN: msg`The request was refused because it did not come from this portal. Reload the page and try again.`,
  UNAUTHENTICATED: msg`Your session has ended. Please sign in again.`,
  NOT_FOUND: msg`What you asked for could not be found.`,
  PAYLOAD_TOO_LARGE: msg`What was sent is too large.`,
  UNAVAILABLE: msg`The service is unavailable right now. Please try again in a moment.`,
  INTERNAL: msg`Something went wrong on our side. Please try again.`,
  BAD_RESPONSE: msg`The server sent something this page cannot read.`,
};

const BY_FIELD: Record<string, MessageDescriptor> = {
  email: msg`Enter a valid email address.`,
  password: msg`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`,
  // The one start time a form sends that the server refuses as such: the clocks skip it or show it twice.
  startTime: msg`The clocks change at that time of that day, so it does not exist or happens twice. Choose another time.`,
};

const isKnownCode = (code: string): code is ClientErrorCode => Object.hasOwn(BY_CODE, code);

/** An answer without our envelope (a proxy's "Service Unavailable", say) still has a status to go by. */
function codeOfStatus(status: number | undefined): ClientErrorCode | undefined {
  if (status === 429) return "THROTTLED";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 502 || status === 503 || status === 504) return "UNAVAILABLE";
  if (status !== undefined && status >= 500) return "INTERNAL";
  return undefined;
}

/** The catalog's message for a failure, or undefined when it says nothing we have words for. */
export function failureMessage(failure: FailureFacts): MessageDescriptor | undefined {
  if (failure.code === "VALIDATION" && failure.field && Object.hasOwn(BY_FIELD, failure.field))
    return BY_FIELD[failure.field];
  const code = failure.code && isKnownCode(failure.code) ? failure.code : codeOfStatus(failure.status);
  return code ? BY_CODE[code] : undefined;
}

/** A failure's message in the user's language (a toast's description), or undefined as above. */
export function failureReason(i18n: I18n, failure: FailureFacts | undefined): string | undefined {
  const message = failure ? failureMessage(failure) : undefined;
  return message ? i18n._(message) : undefined;
}

/** The facts of an error thrown by the API client; undefined for anything else. */
export const failureOf = (error: unknown): FailureFacts | undefined =>
  error instanceof ApiError ? error : undefined;

/**
 * A removal answered 404: what it was to remove is gone already (another tab or person removed it), which is
 * what the user asked for, not a failure.
 */
export const isAlreadyGone = (error: unknown) => {
  const failure = failureOf(error);
  return failure?.status === 404 || failure?.code === "NOT_FOUND";
};

/** Throttled, with or without a code: the answer says to wait. */
export const isThrottled = (failure: FailureFacts) => failure.status === 429 || failure.code === "THROTTLED";

export type LoadFailure =
  | { kind: "missing" }
  | { kind: "notFound" }
  | { kind: "answered"; error: ApiError }
  | { kind: "unknown" };

/**
 * What to tell the user about a failed load (spec 8): what the server answered (shown as the
 * catalog's message for its code), the client fallback when data was missing or unreadable (the server said
 * nothing then), else the generic text.
 */
export function describeLoadFailure(error: unknown): LoadFailure {
  if (error instanceof ApiError) {
    if (error.code === BAD_RESPONSE) return { kind: "missing" };
    if (error.status === 404) return { kind: "notFound" };
    // The API client's own answer to `success: false` without a message (HTTP 200).
    if (error.status === 200 && !error.code && error.message === "Unexpected error")
      return { kind: "missing" };
    if (error.status !== undefined) return { kind: "answered", error };
  }
  return { kind: "unknown" };
}
