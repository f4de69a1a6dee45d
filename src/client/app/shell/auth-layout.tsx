import { lazy, type ReactNode, Suspense } from "react";
import { css } from "styled-system/css";
import { PreferencesPlaceholder } from "../../features/preferences/preferences-placeholder";
import { Brand } from "./brand";

// The picker's menu machinery stays out of the sign-in entry chunk; a same-size box holds its place.
const PreferencesBar = lazy(() => import("../../features/preferences/preferences-bar"));

/** Sign-in and sign-up: brand top-left, language and theme top-right, the form centred. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className={css({ minH: "100dvh", display: "flex", flexDirection: "column" })}>
      <header
        className={css({
          h: "topbar",
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          gap: "2",
          px: { base: "4", md: "6" },
        })}
      >
        <Brand />
        <Suspense fallback={<PreferencesPlaceholder />}>
          <PreferencesBar />
        </Suspense>
      </header>
      <main
        className={css({
          flex: "1",
          display: "flex",
          alignItems: { base: "flex-start", sm: "center" },
          justifyContent: "center",
          px: "4",
          py: { base: "6", sm: "10" },
        })}
      >
        {children}
      </main>
    </div>
  );
}
