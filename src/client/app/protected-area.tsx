import { lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { PageLoadBoundary } from "./page-load-boundary";
import { AppShell } from "./shell/app-shell";
import { ContentSkeleton } from "./shell/content-skeleton";

// One chunk per page, fetched when its route is first visited (or preloaded at start, see below).
const pages = {
  dashboard: () => import("../features/dashboard/dashboard-page").then((m) => ({ default: m.DashboardPage })),
  calls: () => import("../features/calls/calls-page").then((m) => ({ default: m.CallsPage })),
  callDetail: () => import("../features/calls/call-detail-page").then((m) => ({ default: m.CallDetailPage })),
  bookings: () => import("../features/bookings/bookings-page").then((m) => ({ default: m.BookingsPage })),
  services: () => import("../features/services/services-page").then((m) => ({ default: m.ServicesPage })),
  settings: () => import("../features/settings/settings-page").then((m) => ({ default: m.SettingsPage })),
  faq: () => import("../features/faq/faq-page").then((m) => ({ default: m.FaqPage })),
};

const DashboardPage = lazy(pages.dashboard);
const CallsPage = lazy(pages.calls);
const CallDetailPage = lazy(pages.callDetail);
const BookingsPage = lazy(pages.bookings);
const ServicesPage = lazy(pages.services);
const SettingsPage = lazy(pages.settings);
const FaqPage = lazy(pages.faq);

/** Starts fetching the page chunk a path will render, so it loads alongside the session check. */
export function preloadPage(pathname: string) {
  const [, section = "", id] = pathname.split("/");
  const key = section === "calls" && id ? "callDetail" : section;
  const load = Object.hasOwn(pages, key) ? pages[key as keyof typeof pages] : pages.dashboard;
  void load();
}

/** The shell and its routed pages (spec 2): /, the six sections, and unknown paths → /dashboard. */
export default function ProtectedArea() {
  return (
    <AppShell>
      <PageLoadBoundary>
        <Suspense fallback={<ContentSkeleton />}>
          <Switch>
            <Route path="/dashboard" component={DashboardPage} />
            <Route path="/calls" component={CallsPage} />
            <Route path="/calls/:id" component={CallDetailPage} />
            <Route path="/bookings" component={BookingsPage} />
            <Route path="/services" component={ServicesPage} />
            <Route path="/settings" component={SettingsPage} />
            <Route path="/faq" component={FaqPage} />
            <Route>
              <Redirect to="/dashboard" replace />
            </Route>
          </Switch>
        </Suspense>
      </PageLoadBoundary>
    </AppShell>
  );
}
