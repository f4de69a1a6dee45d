import type { Booking, BookingCreate, BookingUpdate } from "@shared/booking.schema";

/** Examples for the OpenAPI document (checked against their schemas when the routes are registered). */

export const bookingUpdateExample: BookingUpdate = {
  status: "pending",
  startTime: "2026-03-03T14:00:00.000Z",
  endTime: "2026-03-03T14:45:00.000Z",
};

export const bookingCreateExample: BookingCreate = {
  serviceId: "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15",
  startTime: "2026-03-02T16:00:00-05:00",
  customerName: "Tom Becker",
  customerPhone: "+15559876543",
  notes: "Walk-in.",
  outsideHours: false,
};

export const changedBookingExample: Booking = {
  _id: "9b1e4c7a-2f3d-4e5a-8b6c-7d8e9f0a1b2c",
  customerName: "Maria Lopez",
  customerPhone: "+15551234567",
  serviceId: "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15",
  serviceName: "Check-up & Cleaning",
  startTime: "2026-03-03T14:00:00.000Z",
  endTime: "2026-03-03T14:45:00.000Z",
  status: "pending",
  createdAt: "2026-02-27T14:05:12.000Z",
  source: "assistant",
  callId: "3d4e5f60-7182-4a3b-9c4d-5e6f708192a3",
  version: 3,
};
