import type {
  Booking,
  BookingCounts,
  BookingDetail,
  BookingList,
  BookingsToReview,
} from "@shared/booking.schema";

/** Examples for the OpenAPI document (checked against their schemas when the routes are registered). */

export const bookingExample: Booking = {
  _id: "7d3e9b1a-2c4f-4e8a-b6d5-1f0a9c8e7b23",
  customerName: "Maria Lopez",
  customerPhone: "+1 718 555 0142",
  serviceId: "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15",
  serviceName: "Check-up & Cleaning",
  startTime: "2026-03-03T15:00:00.000Z",
  endTime: "2026-03-03T15:45:00.000Z",
  status: "confirmed",
  createdAt: "2026-03-02T15:06:40.000Z",
  source: "assistant",
  callId: "0b8f2c1e-5d7a-4c39-9a61-3f2e8d4b7c10",
  version: 2,
};

export const bookingListExample: BookingList = { data: [bookingExample], total: 41, page: 5, totalPages: 5 };

export const bookingDetailExample: BookingDetail = {
  ...bookingExample,
  notes: "First visit; prefers the morning.",
  durationMinutes: 45,
  price: 120.5,
  currency: "EUR",
  timeline: [
    {
      _id: "1a6f0c3d-8e2b-4d7a-9c15-6b4e2f8a0d91",
      at: "2026-03-02T15:06:40.000Z",
      action: "create",
      actor: { kind: "assistant", name: "Front desk assistant" },
      fromStatus: null,
      toStatus: "pending",
      fromStartTime: null,
      toStartTime: "2026-03-03T15:00:00.000Z",
      fromEndTime: null,
      toEndTime: "2026-03-03T15:45:00.000Z",
    },
    {
      _id: "4c2d8e7f-1b3a-4f6e-a5d9-0e7c3b1f2a84",
      at: "2026-03-02T16:20:03.000Z",
      action: "confirm",
      actor: { kind: "staff", name: "front@brightsmile.example" },
      fromStatus: "pending",
      toStatus: "confirmed",
      fromStartTime: "2026-03-03T15:00:00.000Z",
      toStartTime: "2026-03-03T15:00:00.000Z",
      fromEndTime: "2026-03-03T15:45:00.000Z",
      toEndTime: "2026-03-03T15:45:00.000Z",
    },
  ],
  call: {
    _id: "0b8f2c1e-5d7a-4c39-9a61-3f2e8d4b7c10",
    fromNumber: "+1 718 555 0142",
    startTime: "2026-03-02T15:04:05.000Z",
    duration: 184,
    status: "completed",
    outcome: "booked",
    summary: "Booked a check-up and cleaning for Tuesday at 10:00.",
    recordingUrl: null,
  },
};

export const bookingCountsExample: BookingCounts = { pending: 3 };

export const bookingsToReviewExample: BookingsToReview = {
  data: [
    {
      ...bookingExample,
      calendar: {
        deletedInGoogleAt: null,
        moveRefusal: { code: "OUTSIDE_HOURS", movedTo: "2026-03-04T01:00:00.000Z" },
      },
    },
  ],
};
