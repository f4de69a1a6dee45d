import { Plural, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { type FailureFacts, failureMessage, isThrottled } from "../lib/error-message";

/**
 * What went wrong, in the user's language (lib/error-message.ts): the catalog's text for the server's code,
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
