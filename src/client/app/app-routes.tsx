import { Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { waitFor } from "xstate";
import { AuthCardSkeleton } from "../features/auth/auth-card";
import { SignInPage } from "../features/auth/sign-in-page";
import { SignUpPage } from "../features/auth/sign-up-page";
import { loadSignedInMessages } from "../lib/i18n";
import { preloadable } from "../lib/preloadable";
import type { AppContext } from "./app-context";
import { pageKeyOf, pages } from "./page-chunks";
import { prefetchPageData } from "./page-data";
import { AreaLoadBoundary } from "./page-load-boundary";
import { PageSkeleton } from "./page-skeleton";
import { GuestOnly, RequireUser } from "./route-guards";
import { AuthLayout } from "./shell/auth-layout";
import { ShownLocation } from "./shown-location";

// The signed-in area is its own chunk, with its own messages: /auth/sign-in loads only what it shows.
const ProtectedArea = preloadable(() =>
  Promise.all([import("./protected-area"), loadSignedInMessages()]).then(([area]) => area.default),
);

/**
 * Outside /auth, fetch the shell and the page's chunk while the session is being checked, instead of
 * after it: one network round trip less before the first screen of a signed-in user. The page's first
 * requests go out as soon as the session is confirmed, alongside its code rather than after its first render.
 *
 * Resolves once the first render can show the page itself: the session is known and, for a signed-in user,
 * the shell's and the page's code have arrived (or failed: the page's boundary says so). Rendered any sooner,
 * the app would commit a skeleton, and React holds content back until 300 ms after a fallback appeared.
 */
export async function preloadRoute(
  { pathname, search }: Pick<Location, "pathname" | "search">,
  context: AppContext,
): Promise<void> {
  const page = pageKeyOf(pathname);
  if (!page) return;
  const code = Promise.all([ProtectedArea.preload(), pages[page].preload()]);
  // The first render waits for this: a session actor that failed must not keep the placeholder up.
  const session = await waitFor(context.session, (state) => !state.matches("checking")).catch(
    () => undefined,
  );
  if (!session?.matches("signedIn")) return;
  const signedIn = () => context.session.getSnapshot().matches("signedIn");
  prefetchPageData(page, { api: context.api, search, signedIn })
    // Only a head start: the page asks again for whatever this could not fetch.
    .catch(() => undefined);
  await code.catch(() => undefined);
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
        <ShownLocation>
          <RequireUser>
            <AreaLoadBoundary>
              <Suspense fallback={<PageSkeleton />}>
                <ProtectedArea />
              </Suspense>
            </AreaLoadBoundary>
          </RequireUser>
        </ShownLocation>
      </Route>
    </Switch>
  );
}
