import type { ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { CalendarBrokenBanner } from "../../features/calendar/calendar-broken-banner";
import { useNavigationPending } from "../shown-location";
import { DesktopSidebar } from "./desktop-sidebar";
import { mainArea } from "./main-area";
import { MobileSidebar } from "./mobile-sidebar";
import { SidebarProvider, useSidebar } from "./sidebar-context";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { TopBar } from "./top-bar";

/**
 * While the next page's code is on its way the page before stays (see ShownLocation): it fades a little after a
 * moment, so a click that takes time is seen to have been taken, and a quick one does not flicker.
 */
const busy = css({
  transition: "opacity 0.2s ease 0.15s",
  _loading: { opacity: 0.6, cursor: "progress" },
  _motionReduce: { transition: "none" },
});

function ShellLayout({ children }: { children: ReactNode }) {
  const { mobile } = useSidebar();
  const navigating = useNavigationPending();
  return (
    <div className={css({ display: "flex", minH: "100dvh" })}>
      <SkipLink />
      {mobile ? <MobileSidebar /> : <DesktopSidebar />}
      <div className={css({ flex: "1", minW: "0", display: "flex", flexDirection: "column" })}>
        <TopBar />
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          aria-busy={navigating || undefined}
          className={cx(mainArea, busy, css({ _focusVisible: { outline: "none" } }))}
        >
          <CalendarBrokenBanner />
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * Spec 2 shell: sidebar (or side sheet), top bar, and the routed page in <main>, under the banner of a broken
 * calendar connection when there is one.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <SidebarProvider>
      <ShellLayout>{children}</ShellLayout>
    </SidebarProvider>
  );
}
