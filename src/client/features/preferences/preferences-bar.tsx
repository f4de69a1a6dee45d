import { css } from "styled-system/css";
import { LanguageMenu } from "./language-menu";
import { ThemeToggle } from "./theme-toggle";

/** The language picker and theme toggle, side by side (top bar and auth pages). */
export default function PreferencesBar() {
  return (
    <div className={css({ display: "flex", alignItems: "center", gap: "1" })}>
      <LanguageMenu />
      <ThemeToggle />
    </div>
  );
}
