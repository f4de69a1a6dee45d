import { lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { AppShell } from "./shell/app-shell";
import { ContentSkeleton } from "./shell/content-skeleton";

// One chunk per page, fetched when its route is first visited.
const DashboardPage = lazy(() =>
  import("../features/dashboard/dashboard-page").then((m) => ({ default: m.DashboardPage })),
);
const CallsPage = lazy(() => import("../features/calls/calls-page").then((m) => ({ default: m.CallsPage })));
const CallDetailPage = lazy(() =>
  import("../features/calls/call-detail-page").then((m) => ({ default: m.CallDetailPage })),
);
const BookingsPage = lazy(() =>
  import("../features/bookings/bookings-page").then((m) => ({ default: m.BookingsPage })),
);
const ServicesPage = lazy(() =>
  import("../features/services/services-page").then((m) => ({ default: m.ServicesPage })),
);
const SettingsPage = lazy(() =>
  import("../features/settings/settings-page").then((m) => ({ default: m.SettingsPage })),
);
const FaqPage = lazy(() => import("../features/faq/faq-page").then((m) => ({ default: m.FaqPage })));

/** The shell and its routed pages (spec 2): /, the six sections, and unknown paths → /dashboard. */
export default function ProtectedArea() {
  return (
    <AppShell>
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
    </AppShell>
  );
}
