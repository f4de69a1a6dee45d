import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { FailureFacts } from "@machines/failure";
import type { ReactNode } from "react";
import { describeLoadFailure, failureMessage, isThrottled } from "../lib/error-wording";

/**
 * What went wrong, in the user's language (lib/error-wording.ts): the catalog's text for the server's code,
 * else `fallback`. Never the server's own English.
 */
export function FailureText({
  failure,
  fallback,
}: {
  failure: FailureFacts | undefined;
  fallback: ReactNode;
}) {
  const { t } = useLingui();
  if (!failure) return fallback;
  if (isThrottled(failure) && failure.retryAfter) {
    const minutes = Math.max(1, Math.ceil(failure.retryAfter / 60));
    return (
      <Plural
        value={minutes}
        one="Too many attempts. Try again in # minute."
        other="Too many attempts. Try again in # minutes."
      />
    );
  }
  const message = failureMessage(failure);
  return message ? t(message) : fallback;
}

const generic = <Trans>An unexpected error occurred</Trans>;

/** Spec 8: the catalog's message for what the server said, the client fallback when data was missing, or the generic text. */
export function LoadFailureMessage({
  error,
  missing,
}: {
  error: unknown;
  /** What failed to come, e.g. 'Failed to fetch calls'. */
  missing: ReactNode;
}) {
  const failure = describeLoadFailure(error);
  if (failure.kind === "answered") return <FailureText failure={failure.error} fallback={generic} />;
  if (failure.kind === "missing") return <>{missing}</>;
  return generic;
}
