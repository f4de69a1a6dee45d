import { type } from "arktype";
import { clockEndTime, clockTime, endAfterStart, timeRange } from "./availability.schema";
import { isCompanyCurrency } from "./company-currencies";
import { COMPANY_LIMITS } from "./company-form-rules";
import { isTimezone } from "./company-timezones";
import { LANGUAGE_CODES } from "./languages";

export { COMPANY_LIMITS } from "./company-form-rules";

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

/** A number a call can be transferred to, as people write them: digits with + ( ) - . and spaces, 3+ digits. */
const isDialable = (text: string) =>
  text.length <= COMPANY_LIMITS.phoneNumberMax && /^\+?[\d\s().-]+$/.test(text) && /(?:\d.*){3}/.test(text);

/**
 * Spec 5: a department has a key and a number, both non-empty after trimming (they are stored trimmed);
 * the number must be dialable. A key may appear once (after trimming).
 */
const departments = type("Record<string, string>")
  .narrow((record, ctx) => {
    const entries = Object.entries(record);
    if (entries.length > COMPANY_LIMITS.departmentsMax)
      return ctx.reject({ expected: `at most ${COMPANY_LIMITS.departmentsMax} departments`, actual: "" });
    const keys = new Set<string>();
    for (const [key, number] of entries) {
      const name = key.trim();
      const path = [...ctx.path, key];
      if (name === "" || name.length > COMPANY_LIMITS.departmentKeyMax || keys.has(name))
        return ctx.reject({ expected: "a department name used once", actual: JSON.stringify(key), path });
      keys.add(name);
      if (!isDialable(number.trim()))
        return ctx.reject({ expected: "a phone number", actual: JSON.stringify(number), path });
    }
    return true;
  })
  .pipe((record) =>
    Object.fromEntries(Object.entries(record).map(([key, number]) => [key.trim(), number.trim()])),
  );

const defaultNumber = type("string.trim").to(`string <= ${COMPANY_LIMITS.phoneNumberMax}`);
const transferMessage = type(`string <= ${COMPANY_LIMITS.transferMessageMax}`);
const maxWaitTime = type(`0 <= number.integer <= ${COMPANY_LIMITS.maxWaitTimeMax}`);

/** Call handling as the Settings form holds it: what GET answers, departments checked (spec 4, 5). */
export const callTransferUpdate = type({
  "+": "reject",
  enabled: "boolean",
  transferPhoneNumbers: { "+": "reject", default: defaultNumber, departments },
  transferMessage,
  workingHoursOnly: "boolean",
  maxWaitTime,
});

/** Call handling as PUT /api/company/me takes it: any of its fields (departments as a whole), the rest kept. */
const callTransferChanges = type({
  "+": "reject",
  "enabled?": "boolean",
  "transferPhoneNumbers?": { "+": "reject", "default?": defaultNumber, "departments?": departments },
  "transferMessage?": transferMessage,
  "workingHoursOnly?": "boolean",
  "maxWaitTime?": maxWaitTime,
});
export type CallTransferChanges = typeof callTransferChanges.infer;

const DEFAULT_NUMBER_PATH = ["settings", "callTransfer", "transferPhoneNumbers", "default"] as const;
/** Spec 5's wording, also the server's message when the rule fails against the stored company phone. */
export const DEFAULT_NUMBER_MESSAGE = "Default must be the company phone or one of department numbers";

/** Where a default transfer number may point (spec 5): the company phone or a department's number. */
export const isAllowedDefaultNumber = (
  defaultNumber: string,
  companyPhone: string,
  departmentNumbers: Record<string, string>,
) =>
  defaultNumber === "" ||
  (companyPhone !== "" && defaultNumber === companyPhone) ||
  Object.values(departmentNumbers).includes(defaultNumber);

const currencyCode = type("string").narrow(
  (code, ctx) => isCompanyCurrency(code) || ctx.reject({ expected: "an ISO 4217 currency code" }),
);

const timezoneName = type("string").narrow(
  (zone, ctx) => isTimezone(zone) || ctx.reject({ expected: "an IANA timezone such as Europe/Paris" }),
);

/** Spec 3: 0 = Sunday … 6 = Saturday; stored sorted, each day once. */
const workingDays = type("(0 <= number.integer <= 6)[]").pipe((days) =>
  [...new Set(days)].sort((a, b) => a - b),
);

const companyName = type("string.trim")
  .narrow((name, ctx) => name !== "" || ctx.reject({ message: "Company name is required" }))
  .to(`string <= ${COMPANY_LIMITS.nameMax}`);

/** The fields a save may carry beside `settings`, each checked alone. */
const companyFields = {
  "phoneNumber?": "string",
  "prompt?": `string <= ${COMPANY_LIMITS.promptMax}`,
  "greeting?": `string <= ${COMPANY_LIMITS.greetingMax}`,
  "currency?": currencyCode,
  "language?": type.enumerated(...LANGUAGE_CODES),
  // What GET answers may come back as read; these two are not a save's to change, and are left alone.
  "availableServices?": "string[]",
} as const;

/**
 * The Settings form's values, whole (spec 7's PUT body: name, phoneNumber, prompt, greeting, settings): the
 * form checks them with this schema before a save, with the rules between fields. `phoneNumber` is read-only
 * (the number the assistant answers, see PUT /api/assistant/phone-number): the form checks the default
 * transfer number against the one it shows (without it the schema leaves that rule to the server).
 */
export const companyUpdate = type({
  "+": "reject",
  name: companyName,
  ...companyFields,
  settings: {
    "+": "reject",
    timezone: timezoneName,
    workingHours: timeRange,
    workingDays,
    "weeklyHoursSimple?": "boolean",
    "callTransfer?": callTransferUpdate,
  },
}).narrow(
  (body, ctx) =>
    body.phoneNumber === undefined ||
    body.settings.callTransfer === undefined ||
    isAllowedDefaultNumber(
      body.settings.callTransfer.transferPhoneNumbers.default,
      body.phoneNumber.trim(),
      body.settings.callTransfer.transferPhoneNumbers.departments,
    ) ||
    ctx.reject({ message: DEFAULT_NUMBER_MESSAGE, path: [...DEFAULT_NUMBER_PATH] }),
);
export type CompanyUpdateInput = typeof companyUpdate.inferIn;

/**
 * PUT /api/company/me: spec 7's body whole, or any part of it — whatever is left out keeps its stored value,
 * so a save carries only what its user changed and puts back nothing another saved meanwhile. Each field is
 * checked as the form's are; the rules between fields (closing after opening, the default transfer number)
 * are checked by the server on the company as the save leaves it. `phoneNumber`, `availableServices` and
 * `settings.weeklyHoursSimple` are read-only: any value sent is ignored.
 */
export const companyChanges = type({
  "+": "reject",
  "name?": companyName,
  ...companyFields,
  "settings?": {
    "+": "reject",
    "timezone?": timezoneName,
    "workingHours?": type({ "+": "reject", "start?": clockTime, "end?": clockEndTime }).narrow(
      ({ start, end }, ctx) =>
        start === undefined ||
        end === undefined ||
        endAfterStart(start, end) ||
        ctx.reject({ expected: "a time after start", actual: end, path: [...ctx.path, "end"] }),
    ),
    "workingDays?": workingDays,
    "weeklyHoursSimple?": "boolean",
    "callTransfer?": callTransferChanges,
  },
});
export type CompanyChanges = typeof companyChanges.infer;
export type CompanyChangesInput = typeof companyChanges.inferIn;

/** E.164 written as people write it: "+" and the country code, 7 to 15 digits, spaces, dashes, dots, brackets. */
export const reportedPhoneNumber = type("string.trim").narrow(
  (text, ctx) =>
    (text.length <= COMPANY_LIMITS.phoneNumberMax &&
      /^\+[1-9]\d{6,14}$/.test(text.replace(/[\s().-]/g, ""))) ||
    ctx.reject({ expected: "an international phone number such as +1 555 0100" }),
);

/** PUT /api/assistant/phone-number: the assistant reports the number it answers for the business. */
export const assistantPhoneNumberBody = type({ "+": "reject", phoneNumber: reportedPhoneNumber });
export type AssistantPhoneNumberBody = typeof assistantPhoneNumberBody.infer;
