import type { CallDetail, CallList, CallSummary } from "@shared/calls.schema";
import type { DashboardStats } from "@shared/dashboard.schema";
import { bookingExample } from "../bookings/bookings.examples";

/** Examples for the OpenAPI document (the OpenAPI test checks each against its schema). */

export const callSummaryExample: CallSummary = {
  _id: "0b8f2c1e-5d7a-4c39-9a61-3f2e8d4b7c10",
  fromNumber: "+1 718 555 0142",
  customerName: "Maria Lopez",
  startTime: "2026-03-02T15:04:05.000Z",
  duration: 184,
  status: "completed",
  outcome: "booked",
  summary: "Booked a check-up and cleaning for Tuesday at 10:00.",
  serviceName: "Check-up & Cleaning",
};

export const callDetailExample: CallDetail = {
  ...callSummaryExample,
  externalId: "call_7Hq2mX",
  transcript: [
    {
      speaker: "assistant",
      text: "Thank you for calling Bright Smile Dental! How can I help you today?",
      offsetSeconds: 0,
    },
    { speaker: "caller", text: "Hi, I'd like to book a cleaning, please.", offsetSeconds: 5 },
    { speaker: "assistant", text: "Of course. Would Tuesday at 10 a.m. work for you?", offsetSeconds: 11 },
    { speaker: "caller", text: "Tuesday at ten is perfect.", offsetSeconds: 17 },
  ],
  recordingUrl: null,
  recordingOff: false,
  contentRemovedAt: null,
  endUnreportedAt: null,
  updatedAt: "2026-03-02T15:07:12.000Z",
  booking: bookingExample,
};

export const callListExample: CallList = { data: [callSummaryExample], total: 41, page: 5, totalPages: 5 };

export const dashboardStatsExample: DashboardStats = {
  callsToday: 7,
  answeredToday: 6,
  missedToday: 1,
  answerRate: 86,
  newBookings: 0,
  googleCalendarSynced: 0,
  totalCalls: 312,
  missedCalls: 29,
  timezone: "America/New_York",
  recentCalls: [callSummaryExample],
};
