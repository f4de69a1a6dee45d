import { type } from "arktype";

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
