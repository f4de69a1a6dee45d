import { css } from "styled-system/css";
import { LanguageMenu } from "./language-menu";
import { ThemeToggle } from "./theme-toggle";

/** The language menu and theme toggle, side by side (top bar and auth pages). */
export function PreferencesBar() {
  return (
    <div className={css({ display: "flex", alignItems: "center", gap: "1" })}>
      <LanguageMenu />
      <ThemeToggle />
    </div>
  );
}
