import { createContext, type ReactNode, useContext, useEffect, useState, useTransition } from "react";
import { Router } from "wouter";
import { navigate } from "wouter/use-browser-location";
import { useSessionActor } from "../features/session/session-context";
import { useApi } from "../lib/api-context";
import { pageKeyOf } from "./page-chunks";
import { prefetchPageData } from "./page-data";

type Address = { path: string; search: string };

const addressNow = (): Address => ({ path: location.pathname, search: location.search });

/** What wouter's history patch and the browser announce an address change by. */
const ADDRESS_EVENTS = ["popstate", "pushState", "replaceState", "hashchange"] as const;

const Shown = createContext<{ address: Address; pending: boolean }>({
  address: { path: "/", search: "" },
  pending: false,
});

const useShownPath = (): [string, typeof navigate] => [useContext(Shown).address.path, navigate];
const useShownSearch = () => useContext(Shown).address.search;

/** Whether the page asked for is still on its way while the one before stays on screen. */
export const useNavigationPending = () => useContext(Shown).pending;

/**
 * The signed-in pages follow the address bar to another page in a transition. A page whose code is still on
 * its way leaves the page shown in place (main says it is busy) until it can render: shown at once instead,
 * its skeleton would stay up at least 300 ms, React's throttle on revealing what a fallback replaced. wouter
 * reads the address through useSyncExternalStore, whose updates React never defers, so the address is copied
 * into state here and the routes, the links' current page and the search read that copy. The new page's first
 * requests go out as the address changes, alongside its code, as on a page load (page-data.ts). A change
 * within the page shown is taken at once.
 */
export function ShownLocation({ children }: { children: ReactNode }) {
  const api = useApi();
  const session = useSessionActor();
  const [address, setAddress] = useState(addressNow);
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    const same = (shown: Address, now: Address) => shown.path === now.path && shown.search === now.search;
    let path = location.pathname;
    const follow = () => {
      const now = addressNow();
      const take = () => setAddress((shown) => (same(shown, now) ? shown : now));
      if (now.path === path) {
        // Within a page (a filter, a tab, a page of a list) at once: a control must show what was just chosen,
        // and the next change must build on it, not on an address still waiting in a transition.
        take();
        return;
      }
      path = now.path;
      const page = pageKeyOf(now.path);
      const signedIn = () => session.getSnapshot().matches("signedIn");
      if (page) prefetchPageData(page, { api, search: now.search, signedIn }).catch(() => undefined);
      startTransition(take);
    };
    // An address changed between the first render and this effect is taken up too.
    follow();
    for (const event of ADDRESS_EVENTS) addEventListener(event, follow);
    return () => {
      for (const event of ADDRESS_EVENTS) removeEventListener(event, follow);
    };
  }, [api, session]);

  return (
    <Shown value={{ address, pending }}>
      <Router hook={useShownPath} searchHook={useShownSearch}>
        {children}
      </Router>
    </Shown>
  );
}
