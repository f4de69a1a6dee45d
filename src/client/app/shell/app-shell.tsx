import { type ReactNode, Suspense, useState } from "react";
import { css, cx } from "styled-system/css";
import { DesktopSidebar } from "./desktop-sidebar";
import { mainArea } from "./main-area";
import { LazyMobileSidebar } from "./mobile-sidebar-lazy";
import { SidebarProvider, useSidebar } from "./sidebar-context";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { TopBar } from "./top-bar";

function ShellLayout({ children }: { children: ReactNode }) {
  const { mobile, sheetOpen } = useSidebar();
  // Mounted from the first open on, so it can animate closed and keep its place afterwards.
  const [sheetUsed, setSheetUsed] = useState(sheetOpen);
  if (sheetOpen && !sheetUsed) setSheetUsed(true);
  return (
    <div className={css({ display: "flex", minH: "100dvh" })}>
      <SkipLink />
      {mobile ? (
        sheetUsed && (
          <Suspense fallback={null}>
            <LazyMobileSidebar />
          </Suspense>
        )
      ) : (
        <DesktopSidebar />
      )}
      <div className={css({ flex: "1", minW: "0", display: "flex", flexDirection: "column" })}>
        <TopBar />
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className={cx(mainArea, css({ _focusVisible: { outline: "none" } }))}
        >
          {children}
        </main>
      </div>
    </div>
  );
}

/** Spec 2 shell: sidebar (or side sheet), top bar, and the routed page in <main>. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <SidebarProvider>
      <ShellLayout>{children}</ShellLayout>
    </SidebarProvider>
  );
}
