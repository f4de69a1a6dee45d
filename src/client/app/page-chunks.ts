import type { PageKey } from "@shared/page-modules";
import { preloadable } from "../lib/preloadable";

/**
 * One chunk per signed-in page (@shared/page-modules names their modules), fetched when its route is first
 * visited. Kept apart from the signed-in area's own chunk so the page a URL needs comes alongside that area.
 */
export const pages = {
  dashboard: preloadable(() =>
    import("../features/dashboard/dashboard-page").then((m) => ({ default: m.DashboardPage })),
  ),
  calls: preloadable(() => import("../features/calls/calls-page").then((m) => ({ default: m.CallsPage }))),
  callDetail: preloadable(() =>
    import("../features/calls/call-detail-page").then((m) => ({ default: m.CallDetailPage })),
  ),
  bookings: preloadable(() =>
    import("../features/bookings/bookings-page").then((m) => ({ default: m.BookingsPage })),
  ),
  services: preloadable(() =>
    import("../features/services/services-page").then((m) => ({ default: m.ServicesPage })),
  ),
  availability: preloadable(() =>
    import("../features/availability/availability-page").then((m) => ({ default: m.AvailabilityPage })),
  ),
  settings: preloadable(() =>
    import("../features/settings/settings-page").then((m) => ({ default: m.SettingsPage })),
  ),
  faq: preloadable(() => import("../features/faq/faq-page").then((m) => ({ default: m.FaqPage }))),
} satisfies Record<PageKey, unknown>;
