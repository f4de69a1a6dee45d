import { Trans } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { css } from "styled-system/css";
import { PreferencesPlaceholder } from "../../features/preferences/preferences-placeholder";
import { AccountPlaceholder } from "./account-face";
import { SidebarTrigger } from "./sidebar-trigger";

// The menus' machinery (Ark menu) loads right after the first paint, as on the auth pages; until
// then same-size placeholders hold their place, so nothing shifts.
const PreferencesBar = lazy(() => import("../../features/preferences/preferences-bar"));
const AccountMenu = lazy(() => import("./account-menu").then((m) => ({ default: m.AccountMenu })));

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
        <Suspense fallback={<PreferencesPlaceholder />}>
          <PreferencesBar />
        </Suspense>
        <Suspense fallback={<AccountPlaceholder />}>
          <AccountMenu />
        </Suspense>
      </div>
    </header>
  );
}
