import { Trans } from "@lingui/react/macro";
import { css } from "styled-system/css";
import { Skeleton } from "../../../components/ui/skeleton";

/** The calendar while its code, the business's timezone or the bookings are on their way. */
export function CalendarSkeleton() {
  return (
    <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <span className={css({ srOnly: true })}>
        <Trans>Loading bookings...</Trans>
      </span>
      <Skeleton className={css({ h: "8", w: "64", maxW: "full" })} />
      <Skeleton className={css({ h: "96" })} />
    </div>
  );
}
