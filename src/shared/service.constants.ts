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

/**
 * A service's own fields as spec 7 names them, with the buffers beyond it (not its _id), in the service
 * form's order: what the form checks and what a change's audit entry may name.
 */
export const SERVICE_FIELDS = [
  "name",
  "description",
  "duration",
  "price",
  "category",
  "isActive",
  "bufferBeforeMinutes",
  "bufferAfterMinutes",
] as const;
