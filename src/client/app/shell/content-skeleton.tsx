import { Trans } from "@lingui/react/macro";
import { css } from "styled-system/css";
import { Skeleton } from "../../components/ui/skeleton";

/** While a page's code loads inside the shell. */
export function ContentSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      className={css({ display: "flex", flexDirection: "column", gap: "3" })}
    >
      <span className={css({ srOnly: true })}>
        <Trans>Loading…</Trans>
      </span>
      <Skeleton className={css({ h: "8", w: "48" })} />
      <Skeleton className={css({ h: "4", w: "80", maxW: "full" })} />
      <Skeleton className={css({ h: "48", w: "full", mt: "3" })} />
    </div>
  );
}
