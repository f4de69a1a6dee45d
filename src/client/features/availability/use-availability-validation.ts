import { useSyncExternalStore } from "react";

type Checks = typeof import("./availability-validation");

/**
 * Until the checks arrive nothing is reported: what the server sent passes its own schema, and the first touch
 * of the form is what starts loading them. A save in between is checked by the server (400 with a message).
 */
const BEFORE_LOADED: Checks = {
  isValidUpdate: () => true,
  scheduleProblems: () => new Map(),
  ruleProblems: () => new Set(),
  blackoutProblem: () => null,
};

let loading: Promise<Checks> | undefined;
let loaded: Checks | undefined;
const listeners = new Set<() => void>();

/**
 * Loads the forms' schema checks (arktype), once. Not with the page: arktype's start-up is long main-thread work
 * on a slow phone, and its probe for `new Function` is a Content-Security-Policy violation the browser reports
 * on every visit; the editor starts it when it is first focused or pressed.
 */
export function loadAvailabilityValidation(): Promise<Checks> {
  loading ??= import("./availability-validation").then((checks) => {
    loaded = checks;
    for (const listener of listeners) listener();
    return checks;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The checks as they are now, for code outside React (the form machine's guard). */
export const availabilityChecks = (): Checks => loaded ?? BEFORE_LOADED;

/** The schema checks; the component renders again when they arrive. */
export const useAvailabilityValidation = (): Checks => useSyncExternalStore(subscribe, availabilityChecks);
