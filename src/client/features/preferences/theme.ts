// Spec 4: light, dark or system (the default), stored under "theme". index.html applies the same
// rule before first paint; keep the two in step.
export type Theme = "light" | "dark" | "system";

export const THEME_STORAGE_KEY = "theme";

const darkQuery = () => matchMedia("(prefers-color-scheme: dark)");

export function storedTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

export function isDark(theme: Theme): boolean {
  return theme === "dark" || (theme === "system" && darkQuery().matches);
}

function apply(theme: Theme) {
  const dark = isDark(theme);
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  // The top bar's bg.default, so mobile browser chrome matches it.
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", dark ? "#18191b" : "#ffffff");
}

const listeners = new Set<() => void>();

export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  apply(theme);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: fires on our own changes, another tab's, and the system's (under "system"). */
export function subscribeTheme(listener: () => void) {
  const onSystem = () => {
    if (storedTheme() === "system") apply("system");
    listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    apply(storedTheme());
    listener();
  };
  const query = darkQuery();
  listeners.add(listener);
  query.addEventListener("change", onSystem);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    query.removeEventListener("change", onSystem);
    window.removeEventListener("storage", onStorage);
  };
}
