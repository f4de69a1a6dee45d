// Spec 4/9: expanded (default) or collapsed, kept 7 days in the cookie "sidebar:state".
const COOKIE = "sidebar:state";
const MAX_AGE = 60 * 60 * 24 * 7;

export function readSidebarExpanded(): boolean {
  const entry = document.cookie.split("; ").find((part) => part.startsWith(`${COOKIE}=`));
  return entry?.slice(COOKIE.length + 1) !== "collapsed";
}

export function writeSidebarExpanded(expanded: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is what the spec asks for; no Cookie Store API fallback needed.
  document.cookie = `${COOKIE}=${expanded ? "expanded" : "collapsed"}; max-age=${MAX_AGE}; path=/; samesite=lax`;
}
