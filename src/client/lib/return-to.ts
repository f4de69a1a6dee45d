// Where a signed-out visitor was headed (spec 2), restored after sign-in; tab-scoped, survives reloads.
const KEY = "returnTo";

/**
 * `path` as a path of this app at `origin` (the form the browser would move to), or null: anything that
 * resolves elsewhere — `//host`, `/\host` (browsers read a backslash as a slash), an absolute URL of
 * another origin — or to the sign-in pages. The open-redirect guard compares where the browser would go,
 * not how the text begins.
 */
export function appPathOf(path: string, origin: string): string | null {
  if (!path.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith("/auth")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function rememberReturnTo(path: string) {
  try {
    const appPath = appPathOf(path, window.location.origin);
    if (appPath) sessionStorage.setItem(KEY, appPath);
  } catch {
    // Storage disabled: the user lands on the dashboard instead.
  }
}

export function takeReturnTo(fallback: string): string {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return (path && appPathOf(path, window.location.origin)) || fallback;
  } catch {
    return fallback;
  }
}
