import { Trans } from "@lingui/react/macro";
import { describeLoadFailure } from "./call-errors";

/** Spec 8: the server's message, the client fallback when data was missing, or the generic text. */
export function LoadFailureMessage({ error, subject }: { error: unknown; subject: "calls" | "call" }) {
  const failure = describeLoadFailure(error);
  if (failure.kind === "message") return <>{failure.message}</>;
  if (failure.kind === "missing")
    return subject === "calls" ? <Trans>Failed to fetch calls</Trans> : <Trans>Failed to fetch call</Trans>;
  return <Trans>An unexpected error occurred</Trans>;
}
