import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { PreferencesBar } from "../../features/preferences/preferences-bar";
import { Brand } from "./brand";

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
        <PreferencesBar />
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
