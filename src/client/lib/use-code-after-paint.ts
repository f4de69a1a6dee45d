import { useEffect, useState } from "react";
import { afterNextPaint } from "./after-next-paint";

type Loadable = { preload: () => PromiseLike<unknown>; isSettled: () => boolean };

/**
 * Whether `component`'s code is in (or failed: rendering it then reaches the error boundary). Its import starts
 * once `ready` (what the page shows first has rendered) and the browser has painted that, so its bytes do not
 * share the link with what that paint needs. The caller shows its own placeholder meanwhile: a Suspense
 * fallback would make React hold the content back for 300 ms after the code arrived.
 */
export function useCodeAfterPaint(component: Loadable, ready = true): boolean {
  const [settled, setSettled] = useState(component.isSettled);
  useEffect(() => {
    if (settled || !ready) return;
    let live = true;
    const done = () => {
      if (live) setSettled(true);
    };
    const cancel = afterNextPaint(() => component.preload().then(done, done));
    return () => {
      live = false;
      cancel();
    };
  }, [component, ready, settled]);
  return settled;
}
