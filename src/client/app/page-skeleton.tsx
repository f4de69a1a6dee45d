import { Trans } from "@lingui/react/macro";

/** Shown while the session is being checked (spec 2). */
export function PageSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <Trans>Loading…</Trans>
    </div>
  );
}
