import type { Service, ServiceInput } from "@shared/service.schema";

/** Examples for the OpenAPI document (checked against their schemas when the routes are registered). */

export const serviceInputExample: ServiceInput = {
  name: "Check-up & Cleaning",
  description: "Exam, scaling and polish.",
  duration: 45,
  price: 120.5,
  category: "medical",
  isActive: true,
  bufferBeforeMinutes: null,
  bufferAfterMinutes: 10,
};

export const serviceExample: Service = {
  _id: "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15",
  name: "Check-up & Cleaning",
  description: "Exam, scaling and polish.",
  duration: 45,
  price: 120.5,
  category: "medical",
  isActive: true,
  bufferBeforeMinutes: null,
  bufferAfterMinutes: 10,
};
