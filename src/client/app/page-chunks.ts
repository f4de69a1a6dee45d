/**
 * One chunk per signed-in page, fetched when its route is first visited. Kept apart from the signed-in area's
 * own chunk so the entry can start fetching the page a URL needs alongside that area, not after it.
 */
export const pageChunks = {
  dashboard: () => import("../features/dashboard/dashboard-page").then((m) => ({ default: m.DashboardPage })),
  calls: () => import("../features/calls/calls-page").then((m) => ({ default: m.CallsPage })),
  callDetail: () => import("../features/calls/call-detail-page").then((m) => ({ default: m.CallDetailPage })),
  bookings: () => import("../features/bookings/bookings-page").then((m) => ({ default: m.BookingsPage })),
  services: () => import("../features/services/services-page").then((m) => ({ default: m.ServicesPage })),
  availability: () =>
    import("../features/availability/availability-page").then((m) => ({ default: m.AvailabilityPage })),
  settings: () => import("./settings-page").then((m) => ({ default: m.SettingsPage })),
  faq: () => import("../features/faq/faq-page").then((m) => ({ default: m.FaqPage })),
};

export type PageKey = keyof typeof pageChunks;

/** The page a signed-in path renders (unknown paths render the dashboard). */
export function pageKeyOf(pathname: string): PageKey {
  const [, section = "", id] = pathname.split("/");
  const key = section === "calls" && id ? "callDetail" : section;
  return Object.hasOwn(pageChunks, key) ? (key as PageKey) : "dashboard";
}
