import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { describeLoadFailure } from "./load-failure";

/** Spec 8: the server's message, the client fallback when data was missing, or the generic text. */
export function LoadFailureMessage({
  error,
  missing,
}: {
  error: unknown;
  /** What failed to come, e.g. 'Failed to fetch calls'. */
  missing: ReactNode;
}) {
  const failure = describeLoadFailure(error);
  if (failure.kind === "message") return <>{failure.message}</>;
  if (failure.kind === "missing") return <>{missing}</>;
  return <Trans>An unexpected error occurred</Trans>;
}
