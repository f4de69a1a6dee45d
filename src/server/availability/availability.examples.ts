import type {
  Availability,
  AvailabilityUpdate,
  BlackoutDate,
  BlackoutDateInput,
  Slot,
} from "@shared/availability.schema";

/** Examples for the OpenAPI document (checked against their schemas when the routes are registered). */

const lunchBreakDay = [
  { start: "08:00", end: "12:00" },
  { start: "13:00", end: "18:00" },
];

export const availabilityUpdateExample: AvailabilityUpdate = {
  weeklySchedule: {
    "0": [],
    "1": lunchBreakDay,
    "2": lunchBreakDay,
    "3": lunchBreakDay,
    "4": lunchBreakDay,
    "5": lunchBreakDay,
    "6": [{ start: "09:00", end: "13:00" }],
  },
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 5,
  minimumNoticeMinutes: 120,
  bookingHorizonDays: 60,
  slotStepMinutes: 15,
};

/** Closed from Thursday 14:00 to Monday 10:00: one span, not a rule for each day. */
export const blackoutDateInputExample: BlackoutDateInput = {
  startDate: "2026-12-24",
  endDate: "2026-12-28",
  startTime: "14:00",
  endTime: "10:00",
  reason: "Christmas",
};

export const blackoutDateExample: BlackoutDate = {
  id: "6f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0",
  ...blackoutDateInputExample,
  reason: "Christmas",
};

export const availabilityExample: Availability = {
  ...availabilityUpdateExample,
  blackoutDates: [
    blackoutDateExample,
    {
      id: "0d9c8b7a-6f5e-4d3c-9b2a-1f0e9d8c7b6a",
      startDate: "2027-01-04",
      endDate: "2027-01-04",
      startTime: "13:00",
      endTime: "18:00",
      reason: "Staff training",
    },
  ],
  timezone: "America/New_York",
};

export const slotsQueryExample = {
  serviceId: "3f6c1a2b-9d8e-4f7a-b6c5-d4e3f2a1b0c9",
  from: "2026-03-30",
  to: "2026-04-05",
};

export const slotListExample: Slot[] = [
  { start: "2026-03-30T08:00:00-04:00", end: "2026-03-30T09:00:00-04:00" },
  { start: "2026-03-30T08:15:00-04:00", end: "2026-03-30T09:15:00-04:00" },
  { start: "2026-03-30T13:00:00-04:00", end: "2026-03-30T14:00:00-04:00" },
];
