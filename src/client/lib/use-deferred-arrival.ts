import { useDeferredValue } from "react";

/**
 * `value`, except on its first arrival (from undefined): that render, usually a whole page's worth, runs as a
 * transition, which React splits into short tasks instead of one long one. Later changes show at once, as an
 * answer after an action must land together with the focus that action moves.
 */
export function useDeferredArrival<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? undefined : value;
}
