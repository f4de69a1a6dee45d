import { type } from "arktype";
import { LANGUAGE_CODES } from "./languages";

/** Call handling settings of a company (spec 3, "callTransfer"). */
export const callTransferSettings = type({
  "+": "reject",
  enabled: "boolean",
  transferPhoneNumbers: {
    "+": "reject",
    default: "string <= 40",
    departments: "Record<string, string>",
  },
  transferMessage: "string <= 500",
  workingHoursOnly: "boolean",
  maxWaitTime: "0 <= number.integer <= 3600",
});
export type CallTransferSettings = typeof callTransferSettings.infer;

/**
 * GET /api/company/me (spec 3 "Company", in the spec 7 envelope). `workingHours`/`workingDays` summarise the
 * weekly schedule of /api/availability (the one source of truth); `weeklyHoursSimple` is false when that
 * schedule has more than the simple form can show (a lunch break, different hours per day), and the form then
 * sends the owner to the Availability page instead of editing hours. `phoneNumber` is "" while no number
 * has been assigned. `currency` (ISO 4217) and `language` (one of the six) go beyond the spec.
 */
export const company = type({
  phoneNumber: "string",
  name: "string",
  prompt: "string",
  greeting: "string",
  availableServices: "string[]",
  currency: "string",
  language: type.enumerated(...LANGUAGE_CODES),
  settings: {
    timezone: "string",
    workingHours: { start: "string", end: "string" },
    workingDays: "number.integer[]",
    weeklyHoursSimple: "boolean",
    callTransfer: callTransferSettings,
  },
});
export type Company = typeof company.infer;
