import { lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { preloadTooltip } from "../components/ui/tooltip";
import { AuthCardSkeleton } from "../features/auth/auth-card";
import { SignInPage } from "../features/auth/sign-in-page";
import { SignUpPage } from "../features/auth/sign-up-page";
import { loadSignedInMessages } from "../lib/i18n";
import { preloadPage } from "./page-chunks";
import { PageLoadBoundary } from "./page-load-boundary";
import { PageSkeleton } from "./page-skeleton";
import { GuestOnly, RequireUser } from "./route-guards";
import { AuthLayout } from "./shell/auth-layout";
import { MOBILE_QUERY } from "./shell/sidebar-context";

// The signed-in area is its own chunk, with its own messages: /auth/sign-in loads only what it shows.
const loadProtectedArea = () =>
  Promise.all([import("./protected-area"), loadSignedInMessages()]).then(([area]) => area);
const ProtectedArea = lazy(loadProtectedArea);

/**
 * Outside /auth, fetch the shell and the page's chunk while the session is being checked, instead of
 * after it: one network round trip less before the first screen of a signed-in user.
 */
export function preloadRoute(pathname: string) {
  if (pathname === "/auth" || pathname.startsWith("/auth/")) return;
  void loadProtectedArea();
  preloadPage(pathname);
  // The desktop shell shows tooltips from its first render: their code comes alongside the shell's, so the
  // triggers render with it at once. Phones' shell has none; there it loads when a page first needs it.
  if (!matchMedia(MOBILE_QUERY).matches) preloadTooltip();
}

/** Spec 2 route table. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/auth">
        <Redirect to="/auth/sign-in" replace />
      </Route>
      <Route path="/auth/sign-in">
        <AuthLayout>
          <GuestOnly skeleton={<AuthCardSkeleton fields={2} />}>
            <SignInPage />
          </GuestOnly>
        </AuthLayout>
      </Route>
      <Route path="/auth/sign-up">
        <AuthLayout>
          <GuestOnly skeleton={<AuthCardSkeleton fields={3} />}>
            <SignUpPage />
          </GuestOnly>
        </AuthLayout>
      </Route>
      <Route path="/auth/*">
        <Redirect to="/auth/sign-in" replace />
      </Route>
      <Route>
        <RequireUser>
          <PageLoadBoundary>
            <Suspense fallback={<PageSkeleton />}>
              <ProtectedArea />
            </Suspense>
          </PageLoadBoundary>
        </RequireUser>
      </Route>
    </Switch>
  );
}
