import { Trans } from "@lingui/react/macro";
import { css } from "styled-system/css";
import { Skeleton } from "../../components/ui/skeleton";

/** The tabs and a week of day rows, pulsing, while the schedule loads. */
export function AvailabilitySkeleton() {
  return (
    <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <span className={css({ srOnly: true })}>
        <Trans>Loading availability…</Trans>
      </span>
      <Skeleton className={css({ h: "10", w: "96", maxW: "full" })} />
      {Array.from({ length: 7 }, (_, day) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
        <Skeleton key={day} className={css({ h: "12" })} />
      ))}
    </div>
  );
}
