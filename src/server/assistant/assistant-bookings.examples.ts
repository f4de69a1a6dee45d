import type { AssistantBooking, AssistantBookingChange, AssistantBookingInput } from "@shared/booking.schema";

/**
 * Examples for the OpenAPI document (checked against their schemas when the routes are registered). A business in
 * New York: every time the assistant reads carries its offset, as toAssistantBooking writes them.
 */

export const assistantBookingInputExample: AssistantBookingInput = {
  externalId: "vapi-booking-7f3c2a",
  serviceId: "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15",
  startTime: "2026-03-02T10:30:00-05:00",
  customerName: "Maria Lopez",
  customerPhone: "+15551234567",
  callExternalId: "vapi-call-8d2e41",
  notes: "Prefers the hygienist she saw last time.",
};

export const assistantBookingExample: AssistantBooking = {
  id: "9b1e4c7a-2f3d-4e5a-8b6c-7d8e9f0a1b2c",
  externalId: "vapi-booking-7f3c2a",
  serviceId: "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15",
  serviceName: "Check-up & Cleaning",
  startTime: "2026-03-02T10:30:00-05:00",
  endTime: "2026-03-02T11:15:00-05:00",
  durationMinutes: 45,
  status: "pending",
  customerName: "Maria Lopez",
  customerPhone: "+15551234567",
  callExternalId: "vapi-call-8d2e41",
  notes: "Prefers the hygienist she saw last time.",
  createdAt: "2026-02-27T09:05:12-05:00",
  version: 1,
};

export const assistantBookingChangeExample: AssistantBookingChange = {
  action: "reschedule",
  startTime: "2026-03-03T11:00:00-05:00",
  version: 1,
};
