// Where a signed-out visitor was headed (spec 2), restored after sign-in; tab-scoped, survives reloads.
const KEY = "returnTo";

/** Only same-app paths: never `//host` or an absolute URL (open-redirect guard). */
const isAppPath = (path: string) =>
  path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/auth");

export function rememberReturnTo(path: string) {
  try {
    if (isAppPath(path)) sessionStorage.setItem(KEY, path);
  } catch {
    // Storage disabled: the user lands on the dashboard instead.
  }
}

export function takeReturnTo(fallback: string): string {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && isAppPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}
