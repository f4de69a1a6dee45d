import { useEffect, useState } from "react";
import { afterNextPaint } from "./after-next-paint";

type Loadable = { preload: () => PromiseLike<unknown>; isSettled: () => boolean };

/**
 * Whether `component`'s code is in (or failed: rendering it then reaches the error boundary), its import
 * started only once the page has painted what it shows first. The caller keeps its own skeleton up meanwhile:
 * a Suspense fallback would make React hold the content back for 300 ms after the code arrived.
 */
export function useCodeAfterFirstPaint(component: Loadable): boolean {
  const [settled, setSettled] = useState(component.isSettled);
  useEffect(() => {
    if (settled) return;
    let live = true;
    const done = () => {
      if (live) setSettled(true);
    };
    const cancel = afterNextPaint(() => component.preload().then(done, done));
    return () => {
      live = false;
      cancel();
    };
  }, [component, settled]);
  return settled;
}
