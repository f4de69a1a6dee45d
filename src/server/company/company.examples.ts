import type { Company, CompanyChangesInput } from "@shared/company.schema";

/** Examples for the OpenAPI document (checked against their schemas when the routes are registered). */

const settings = {
  timezone: "America/New_York",
  workingHours: { start: "09:00", end: "17:00" },
  workingDays: [1, 2, 3, 4, 5],
  callTransfer: {
    enabled: true,
    transferPhoneNumbers: {
      default: "+1 555 0100",
      departments: { "front desk": "+1 555 0110", "x-ray": "+1 555 0120" },
    },
    transferMessage: "One moment, I am putting you through.",
    workingHoursOnly: false,
    maxWaitTime: 180,
  },
};

export const companyUpdateExample: CompanyChangesInput = {
  name: "Bright Smile Dental",
  phoneNumber: "+1 555 0100",
  prompt: "Bright Smile Dental is a family dental practice in Brooklyn, New York.",
  greeting: "Thank you for calling Bright Smile Dental! How can I help you today?",
  currency: "USD",
  language: "en",
  settings,
};

export const companyExample: Company = {
  name: "Bright Smile Dental",
  phoneNumber: "+1 555 0100",
  prompt: "Bright Smile Dental is a family dental practice in Brooklyn, New York.",
  greeting: "Thank you for calling Bright Smile Dental! How can I help you today?",
  availableServices: ["Check-up & Cleaning", "Teeth Whitening"],
  currency: "USD",
  language: "en",
  settings: { ...settings, weeklyHoursSimple: true },
};
