import { Trans } from "@lingui/react/macro";
import { css } from "styled-system/css";
import { Skeleton } from "../../components/ui/skeleton";

/** Placeholder rows shaped like the table's while the catalogue loads (announced once, not per row). */
export function ServiceListSkeleton() {
  return (
    <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <span className={css({ srOnly: true })}>
        <Trans>Loading services…</Trans>
      </span>
      {[0, 1, 2, 3].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className={css({ display: "flex", alignItems: "center", gap: "4", py: "3" })}
        >
          <div className={css({ flex: "1", display: "flex", flexDirection: "column", gap: "2" })}>
            <Skeleton className={css({ h: "4", w: "40" })} />
            <Skeleton className={css({ h: "3", w: "56", maxW: "full" })} />
          </div>
          <Skeleton className={css({ h: "4", w: "12" })} />
          <Skeleton className={css({ h: "4", w: "14" })} />
          <Skeleton className={css({ h: "5", w: "16" })} />
        </div>
      ))}
    </div>
  );
}
