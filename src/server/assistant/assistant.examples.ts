import type { AssistantConfig, AssistantKey, CreatedAssistantKey } from "@shared/assistant.schema";
import type { CallImportRequest, CallImportResult } from "@shared/call-import.schema";
import type { CallReport, CallReportResult } from "@shared/calls.schema";
import type { AssistantPhoneNumberBody } from "@shared/company.schema";
import { availabilityUpdateExample } from "../availability/availability.examples";

/** Examples for the OpenAPI document (the OpenAPI test checks each against its schema). */

export const assistantKeyExample: AssistantKey = {
  _id: "5c1d9e2a-7b34-4f8e-a0c6-2d9b8e1f3a47",
  name: "Front desk line",
  last4: "Qm7x",
  createdAt: "2026-03-02T09:00:00.000Z",
  lastUsedAt: "2026-03-02T15:04:05.000Z",
};

export const createdAssistantKeyExample: CreatedAssistantKey = {
  ...assistantKeyExample,
  lastUsedAt: null,
  key: "cdk_4fJ9kLmN2pQrS5tUvWxYz0aBcDeFgHiJkLmNoPqQm7x",
};

export const callReportExample: CallReport = {
  externalId: "call_7Hq2mX",
  callerNumber: "+1 718 555 0142",
  callerName: "Maria Lopez",
  startedAt: "2026-03-02T10:04:05-05:00",
  status: "completed",
  durationSeconds: 184,
  outcome: "booked",
  summary: "Booked a check-up and cleaning for Tuesday at 10:00.",
  transcript: [
    {
      speaker: "assistant",
      text: "Thank you for calling Bright Smile Dental! How can I help you today?",
      offsetSeconds: 0,
    },
    { speaker: "caller", text: "Hi, I'd like to book a cleaning, please.", offsetSeconds: 5 },
  ],
  serviceName: "Check-up & Cleaning",
};

export const assistantPhoneNumberExample: AssistantPhoneNumberBody = { phoneNumber: "+1 555 0100" };

export const callReportResultExample: CallReportResult = {
  _id: "0b8f2c1e-5d7a-4c39-9a61-3f2e8d4b7c10",
  externalId: "call_7Hq2mX",
  created: true,
};

export const assistantConfigExample: AssistantConfig = {
  companyName: "Bright Smile Dental",
  phoneNumber: "+1 555 0100",
  language: "en",
  greeting: "Thank you for calling Bright Smile Dental! How can I help you today?",
  prompt: "Bright Smile Dental is a family dental practice in Brooklyn, New York.",
  timezone: "America/New_York",
  workingHours: { start: "08:00", end: "18:00" },
  workingDays: [1, 2, 3, 4, 5, 6],
  weeklySchedule: availabilityUpdateExample.weeklySchedule,
  services: [
    {
      id: "3f6c1a2b-9d8e-4f7a-b6c5-d4e3f2a1b0c9",
      name: "Check-up & Cleaning",
      durationMinutes: 60,
      price: { amount: 120, currency: "USD" },
      description: "Exam, scale and polish, and X-rays when due.",
    },
  ],
  callTransfer: {
    enabled: true,
    transferPhoneNumbers: { default: "+1 555 0101", departments: { billing: "+1 555 0102" } },
    transferMessage: "Please hold while I transfer your call.",
    workingHoursOnly: true,
    maxWaitSeconds: 300,
  },
  recordCalls: true,
};

export const callImportExample: CallImportRequest = {
  calls: [
    callReportExample,
    {
      externalId: "call_9Kd3pW",
      callerNumber: "+1 718 555 0199",
      startedAt: "2026-03-01T16:20:00-05:00",
      status: "missed",
    },
    {
      externalId: "call_2Zr8sB",
      callerNumber: "+1 718 555 0107",
      startedAt: "yesterday",
      status: "completed",
    },
  ],
};

export const callImportResultExample: CallImportResult = {
  accepted: 2,
  refused: 1,
  results: [
    {
      index: 0,
      externalId: "call_7Hq2mX",
      accepted: true,
      _id: "9b2f4c1e-3d5a-4e6b-8c7d-0a1b2c3d4e5f",
      created: true,
    },
    {
      index: 1,
      externalId: "call_9Kd3pW",
      accepted: true,
      _id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
      created: false,
    },
    {
      index: 2,
      externalId: "call_2Zr8sB",
      accepted: false,
      error: {
        code: "VALIDATION",
        message:
          'startedAt must be a date (YYYY-MM-DD) or a date-time (YYYY-MM-DDThh:mm[:ss[.sss]] with Z or ±hh:mm) (was "yesterday")',
      },
    },
  ],
};
