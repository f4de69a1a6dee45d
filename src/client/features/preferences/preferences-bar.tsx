import { preferencesBarClass } from "./language-face";
import { LanguagePicker } from "./language-picker";
import { ThemeToggle } from "./theme-toggle";

/** The language picker and theme toggle, side by side (top bar and auth pages). */
export function PreferencesBar() {
  return (
    <div className={preferencesBarClass}>
      <LanguagePicker />
      <ThemeToggle />
    </div>
  );
}
