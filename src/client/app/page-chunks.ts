import { preloadable } from "../lib/preloadable";

/**
 * One chunk per signed-in page, fetched when its route is first visited, or while the session is checked when
 * a page is loaded directly (app-routes.tsx).
 */
export const pages = {
  dashboard: preloadable(() => import("../features/dashboard/dashboard-page").then((m) => m.DashboardPage)),
  calls: preloadable(() => import("../features/calls/calls-page").then((m) => m.CallsPage)),
  callDetail: preloadable(() => import("../features/calls/call-detail-page").then((m) => m.CallDetailPage)),
  bookings: preloadable(() => import("../features/bookings/bookings-page").then((m) => m.BookingsPage)),
  services: preloadable(() => import("../features/services/services-page").then((m) => m.ServicesPage)),
  availability: preloadable(() =>
    import("../features/availability/availability-page").then((m) => m.AvailabilityPage),
  ),
  settings: preloadable(() => import("../features/settings/settings-page").then((m) => m.SettingsPage)),
  audit: preloadable(() => import("../features/audit/audit-page").then((m) => m.AuditPage)),
  privacyDesk: preloadable(() =>
    import("../features/privacy-desk/privacy-desk-page").then((m) => m.PrivacyDeskPage),
  ),
  faq: preloadable(() => import("../features/faq/faq-page").then((m) => m.FaqPage)),
};

export type PageKey = keyof typeof pages;

/** The pages under /settings/…, by their path's last part. */
const SETTINGS_PAGES: Record<string, PageKey> = { audit: "audit", "privacy-desk": "privacyDesk" };

/** The page a signed-in path renders (unknown paths render the dashboard); null for the /auth pages. */
export function pageKeyOf(pathname: string): PageKey | null {
  const [, section = "", id] = pathname.split("/");
  if (section === "auth") return null;
  const key =
    section === "calls" && id
      ? "callDetail"
      : section === "settings" && id
        ? (SETTINGS_PAGES[id] ?? section)
        : section;
  return Object.hasOwn(pages, key) ? (key as PageKey) : "dashboard";
}
