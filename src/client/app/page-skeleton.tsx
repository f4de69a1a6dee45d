import { Trans } from "@lingui/react/macro";
import { css } from "styled-system/css";

const block = css({ bg: "gray.a4", borderRadius: "l2", animation: "skeleton-pulse" });

/** Shown while the session is being checked (spec 2): the shell's outline, pulsing. */
export function PageSkeleton() {
  return (
    <div className={css({ display: "flex", minH: "100dvh" })}>
      <div
        aria-hidden="true"
        className={css({
          display: { base: "none", md: "block" },
          w: "sidebar",
          flexShrink: "0",
          bg: "bg.default",
          borderRightWidth: "1px",
        })}
      />
      <main aria-busy="true" className={css({ flex: "1", display: "flex", flexDirection: "column" })}>
        <div
          aria-hidden="true"
          className={css({ h: "topbar", bg: "bg.default", borderBottomWidth: "1px" })}
        />
        <div
          role="status"
          className={css({ p: { base: "4", md: "8" }, display: "flex", flexDirection: "column", gap: "3" })}
        >
          <span className={css({ srOnly: true })}>
            <Trans>Loading…</Trans>
          </span>
          <div aria-hidden="true" className={`${block} ${css({ h: "8", w: "48" })}`} />
          <div aria-hidden="true" className={`${block} ${css({ h: "4", w: "80", maxW: "full" })}`} />
          <div aria-hidden="true" className={`${block} ${css({ h: "48", mt: "3" })}`} />
        </div>
      </main>
    </div>
  );
}
