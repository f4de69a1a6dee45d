import { type ComponentType, createElement, type PendingReactPromise, use } from "react";

type Module<P> = { default: ComponentType<P> };

/**
 * The promise, marked with its outcome in the fields React's `use` reads synchronously: once settled, a render
 * gets the module (or the error) at once instead of suspending.
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
 * import stays failed, as with React.lazy, and reaches the nearest error boundary when rendered);
 * `isSettled()` tells whether a render would get it (or its error) without suspending.
 */
export function preloadable<P extends object>(load: () => Promise<Module<P>>) {
  let module: PendingReactPromise<Module<P>> | undefined;
  const preload = () => {
    module ??= tracked(load());
    return module;
  };
  function Preloadable(props: P) {
    return createElement(use(preload()).default, props);
  }
  const isSettled = () => module !== undefined && module.status !== "pending";
  return Object.assign(Preloadable, { preload, isSettled });
}
