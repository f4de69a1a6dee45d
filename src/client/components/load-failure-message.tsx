import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { FailureText } from "./failure-text";
import { describeLoadFailure } from "./load-failure";

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
