import { type ComponentType, createElement, type PendingReactPromise, use } from "react";

/**
 * The promise, marked with its outcome in the fields React's `use` reads synchronously: once settled, a render
 * gets the value (or the error) at once instead of suspending.
 */
function tracked<T>(promise: Promise<T>): PendingReactPromise<T> {
  const result = Object.assign(promise, { status: "pending" as const });
  // Block bodies: returning `result` would chain this promise to itself, and a failure would go unhandled.
  result.then(
    (value) => {
      Object.assign(result, { status: "fulfilled", value });
    },
    (reason: unknown) => {
      Object.assign(result, { status: "rejected", reason });
    },
  );
  return result;
}

/**
 * Like React.lazy, but a component whose code has already arrived renders at once. React.lazy suspends on
 * its first render whatever the state of its import, so its Suspense fallback commits, and React then holds
 * the content back until 300 ms after that fallback appeared (its anti-flicker throttle): a page whose code
 * was preloaded still showed a skeleton and came ~300 ms late. `preload()` starts the import (once; a failed
 * import stays failed, as with React.lazy, and reaches the nearest error boundary when rendered).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let component: PendingReactPromise<ComponentType<P>> | undefined;
  const preload = () => {
    component ??= tracked(load());
    return component;
  };
  function Preloadable(props: P) {
    return createElement(use(preload()), props);
  }
  return Object.assign(Preloadable, { preload });
}
