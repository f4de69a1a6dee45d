import { useLingui } from "@lingui/react/macro";
import { css, cx } from "styled-system/css";
import { Brand } from "./brand";
import { useSidebar } from "./sidebar-context";
import { SidebarNav } from "./sidebar-nav";

export const SIDEBAR_ID = "app-sidebar";

/** Spec 9: 16rem expanded, 3rem collapsed; sticky beside the content. */
export function DesktopSidebar() {
  const { t } = useLingui();
  const { expanded } = useSidebar();
  return (
    <nav
      id={SIDEBAR_ID}
      aria-label={t`Main navigation`}
      data-state={expanded ? "expanded" : "collapsed"}
      className={cx(
        css({
          position: "sticky",
          top: "0",
          // Above the content's positioned cards, so the collapsed entries' tooltips are never covered.
          zIndex: "banner",
          h: "100dvh",
          flexShrink: "0",
          display: "flex",
          flexDirection: "column",
          bg: "bg.default",
          borderRightWidth: "1px",
          borderColor: "border.subtle",
          overflowX: "hidden",
          overflowY: "auto",
          transitionProperty: "width",
          transitionDuration: "normal",
          _motionReduce: { transition: "none" },
        }),
        expanded ? css({ w: "sidebar" }) : css({ w: "sidebarCollapsed" }),
      )}
    >
      <div className={css({ h: "topbar", display: "flex", alignItems: "center", px: "2", flexShrink: "0" })}>
        <Brand compact={!expanded} />
      </div>
      <div className={css({ p: "2" })}>
        <SidebarNav collapsed={!expanded} />
      </div>
    </nav>
  );
}
