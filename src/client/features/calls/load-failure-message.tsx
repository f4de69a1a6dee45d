import { Trans } from "@lingui/react/macro";
import { FailureText } from "../../components/failure-text";
import { describeLoadFailure } from "./call-errors";

const generic = <Trans>An unexpected error occurred</Trans>;

/** Spec 8: the catalog's message for what the server said, the client fallback when data was missing, or the generic text. */
export function LoadFailureMessage({ error, subject }: { error: unknown; subject: "calls" | "call" }) {
  const failure = describeLoadFailure(error);
  if (failure.kind === "answered") return <FailureText failure={failure.error} fallback={generic} />;
  if (failure.kind === "missing")
    return subject === "calls" ? <Trans>Failed to fetch calls</Trans> : <Trans>Failed to fetch call</Trans>;
  return generic;
}
