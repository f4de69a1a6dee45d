import type { CallTransferSettings } from "./company.schema";

/** Spec 9: the defaults a new company starts with. */
export const COMPANY_DEFAULTS = {
  timezone: "America/New_York",
  workingHoursStart: "09:00",
  workingHoursEnd: "17:00",
  /** 0 = Sunday … 6 = Saturday. */
  workingDays: [1, 2, 3, 4, 5],
  /** ISO 4217; every price is in it until company settings let the owner choose another. */
  currency: "USD",
} as const;

export const DEFAULT_CALL_TRANSFER: CallTransferSettings = {
  enabled: false,
  transferPhoneNumbers: { default: "", departments: {} },
  transferMessage: "Please hold while I transfer your call.",
  workingHoursOnly: true,
  maxWaitTime: 300,
};
