import { use } from "react";

let loading: Promise<typeof import("./availability-validation")> | undefined;

/** Starts loading the forms' schema checks (arktype), once; call it early so they arrive with the data. */
export const loadAvailabilityValidation = () => {
  loading ??= import("./availability-validation");
  return loading;
};

/** The schema checks; suspends until they have loaded. */
export const useAvailabilityValidation = () => use(loadAvailabilityValidation());
