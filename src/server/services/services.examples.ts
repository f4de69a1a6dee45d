import type { Service, ServiceChanges, ServiceInput } from "@shared/service.schema";

/** Examples for the OpenAPI document (checked against their schemas when the routes are registered). */

/** One service's fields, as a create or an update sends them and as the list shows them. */
const checkUp = {
  name: "Check-up & Cleaning",
  description: "Exam, scaling and polish.",
  duration: 45,
  price: 120.5,
  category: "medical",
  isActive: true,
  bufferBeforeMinutes: null,
  bufferAfterMinutes: 10,
} satisfies ServiceInput & Omit<Service, "_id">;

export const serviceInputExample: ServiceInput = checkUp;

/** The eye action: the service switched off, nothing else touched. */
export const serviceChangesExample: ServiceChanges = { isActive: false };

export const serviceExample: Service = { _id: "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15", ...checkUp };
