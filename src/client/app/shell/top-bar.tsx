import { Trans } from "@lingui/react/macro";
import { css } from "styled-system/css";
import { PreferencesBar } from "../../features/preferences/preferences-bar";
import { AccountMenu } from "./account-menu";
import { SidebarTrigger } from "./sidebar-trigger";

/** Spec 2/9: 4rem high; the organisation-dashboard subtitle, preferences and the account menu. */
export function TopBar() {
  return (
    <header
      className={css({
        position: "sticky",
        top: "0",
        zIndex: "sticky",
        h: "topbar",
        flexShrink: "0",
        display: "flex",
        alignItems: "center",
        gap: "2",
        px: { base: "2", md: "4" },
        bg: "bg.default",
        borderBottomWidth: "1px",
        borderColor: "border.subtle",
      })}
    >
      <SidebarTrigger />
      <p
        className={css({
          display: { base: "none", sm: "block" },
          fontSize: "sm",
          fontWeight: "medium",
          color: "fg.muted",
          whiteSpace: "nowrap",
          overflow: "hidden",
          textOverflow: "ellipsis",
          minW: "0",
        })}
      >
        <Trans>Organization dashboard</Trans>
      </p>
      <div className={css({ ms: "auto", display: "flex", alignItems: "center", gap: "1" })}>
        <PreferencesBar />
        <AccountMenu />
      </div>
    </header>
  );
}
