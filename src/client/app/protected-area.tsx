import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { Redirect, Route, Switch } from "wouter";
import { queryClient } from "../lib/query-client";
import { pages } from "./page-chunks";
import { PageLoadBoundary } from "./page-load-boundary";
import { ContentSkeleton } from "./page-skeleton";
import { AppShell } from "./shell/app-shell";

/** The shell and its routed pages (spec 2): /, the six sections, /availability, and unknown paths → /dashboard. */
export default function ProtectedArea() {
  // A different user (or none) must never see the previous user's cached data: the cache empties as the area
  // goes, which signing out and an expired session both do.
  useEffect(() => () => queryClient.clear(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell>
        <Suspense fallback={<ContentSkeleton />}>
          <PageLoadBoundary>
            <Switch>
              <Route path="/dashboard" component={pages.dashboard} />
              <Route path="/calls" component={pages.calls} />
              <Route path="/calls/:id" component={pages.callDetail} />
              <Route path="/bookings" component={pages.bookings} />
              <Route path="/services" component={pages.services} />
              <Route path="/availability" component={pages.availability} />
              <Route path="/settings" component={pages.settings} />
              <Route path="/settings/audit" component={pages.audit} />
              <Route path="/settings/privacy-desk" component={pages.privacyDesk} />
              <Route path="/faq" component={pages.faq} />
              <Route>
                <Redirect to="/dashboard" replace />
              </Route>
            </Switch>
          </PageLoadBoundary>
        </Suspense>
      </AppShell>
    </QueryClientProvider>
  );
}
