import { LanguageMenu } from "./language-menu";
import { preferencesBarClass } from "./preferences-placeholder";
import { ThemeToggle } from "./theme-toggle";

/** The language picker and theme toggle, side by side (top bar and auth pages). */
export default function PreferencesBar() {
  return (
    <div className={preferencesBarClass}>
      <LanguageMenu />
      <ThemeToggle />
    </div>
  );
}
