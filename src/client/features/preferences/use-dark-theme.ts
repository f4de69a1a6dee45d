import { useSyncExternalStore } from "react";
import { isDark, storedTheme, subscribeTheme } from "./theme";

/** Whether the dark theme is showing now, whichever way it was chosen. */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(subscribeTheme, () => isDark(storedTheme()));
}
