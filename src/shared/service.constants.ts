/** Spec 3 "Service": the categories a service may belong to. */
export const SERVICE_CATEGORIES = [
  "medical",
  "beauty",
  "wellness",
  "consultation",
  "treatment",
  "therapy",
  "other",
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];
