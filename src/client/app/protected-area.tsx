import { lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { pageChunks } from "./page-chunks";
import { PageLoadBoundary } from "./page-load-boundary";
import { AppShell } from "./shell/app-shell";
import { ContentSkeleton } from "./shell/content-skeleton";

const DashboardPage = lazy(pageChunks.dashboard);
const CallsPage = lazy(pageChunks.calls);
const CallDetailPage = lazy(pageChunks.callDetail);
const BookingsPage = lazy(pageChunks.bookings);
const ServicesPage = lazy(pageChunks.services);
const AvailabilityPage = lazy(pageChunks.availability);
const SettingsPage = lazy(pageChunks.settings);
const FaqPage = lazy(pageChunks.faq);

/** The shell and its routed pages (spec 2): /, the six sections, /availability, and unknown paths → /dashboard. */
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
            <Route path="/availability" component={AvailabilityPage} />
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
