import { Trans } from "@lingui/react/macro";
import { css } from "styled-system/css";
import { Skeleton } from "../components/ui/skeleton";
import { mainArea } from "./shell/main-area";
import { readSidebarExpanded } from "./shell/sidebar-cookie";

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

/**
 * Shown while the session is checked (spec 2) and the signed-in area loads: the shell's outline, pulsing,
 * laid out as the shell will be (the sidebar as wide as its cookie says, the content where <main> puts
 * it), so nothing moves when the shell replaces it.
 */
export function PageSkeleton() {
  const expanded = readSidebarExpanded();
  return (
    <div data-skeleton="shell" className={css({ display: "flex", minH: "100dvh" })}>
      <div
        aria-hidden="true"
        data-part="sidebar"
        className={css({
          display: { base: "none", md: "block" },
          w: expanded ? "sidebar" : "sidebarCollapsed",
          flexShrink: "0",
          bg: "bg.default",
          borderRightWidth: "1px",
        })}
      />
      <div className={css({ flex: "1", minW: "0", display: "flex", flexDirection: "column" })}>
        <div
          aria-hidden="true"
          className={css({ h: "topbar", bg: "bg.default", borderBottomWidth: "1px" })}
        />
        <main aria-busy="true" className={mainArea}>
          <ContentSkeleton />
        </main>
      </div>
    </div>
  );
}
