/**
 * The signed-in pages, each with the source module of its chunk: the client imports those modules lazily
 * (src/client/app/page-chunks.ts), and the server names their built files in the page it sends for a path,
 * so the browser fetches a page's code alongside the entry's instead of after it. A test holds the two lists
 * together.
 */
export const PAGE_MODULES = {
  dashboard: "src/client/features/dashboard/dashboard-page.tsx",
  calls: "src/client/features/calls/calls-page.tsx",
  callDetail: "src/client/features/calls/call-detail-page.tsx",
  bookings: "src/client/features/bookings/bookings-page.tsx",
  services: "src/client/features/services/services-page.tsx",
  availability: "src/client/features/availability/availability-page.tsx",
  settings: "src/client/features/settings/settings-page.tsx",
  faq: "src/client/features/faq/faq-page.tsx",
} as const;

export type PageKey = keyof typeof PAGE_MODULES;

/** What every signed-in page loads besides its own chunk: the shell, and the page's first requests. */
export const SIGNED_IN_MODULES = [
  "src/client/app/protected-area.tsx",
  "src/client/app/page-data.ts",
] as const;

/** The page a signed-in path renders (unknown paths render the dashboard); null for the /auth pages. */
export function pageKeyOf(pathname: string): PageKey | null {
  const [, section = "", id] = pathname.split("/");
  if (section === "auth") return null;
  const key = section === "calls" && id ? "callDetail" : section;
  return Object.hasOwn(PAGE_MODULES, key) ? (key as PageKey) : "dashboard";
}

/** The build's map of lazily imported modules to their files, beside index.html (scripts/module-preloads-plugin.ts). */
export const MODULE_PRELOADS_FILE = "module-preloads.json";

/**
 * The `<meta>` by which the server names a signed-in page's files in the HTML it sends for the path; the page's
 * start-up script asks for them after the language's catalogs, which the first render waits for.
 */
export const PAGE_FILES_META = "calldesk-page-files";
