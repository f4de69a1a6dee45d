import { type } from "arktype";
import { minutesOfClockTime } from "./clock-time";
import { COMPANY_LIMITS, type CompanyUpdateInput, companyUpdate } from "./company.schema";

/**
 * Why a company save was refused, one stable code per rule (spec 5's among them): the client words each in the
 * user's language. `scheduleNotSimple` comes only from the server: the weekly hours have ranges the simple
 * form cannot show (a lunch break) and the save changed working hours or days.
 */
export type CompanyRule =
  | "nameRequired"
  | "nameTooLong"
  | "promptTooLong"
  | "greetingTooLong"
  | "currencyUnknown"
  | "languageUnknown"
  | "timezoneUnknown"
  | "timeInvalid"
  | "closingBeforeOpening"
  | "workingDaysInvalid"
  | "scheduleNotSimple"
  | "departmentsTooMany"
  | "departmentNameRequired"
  | "departmentNameTaken"
  | "departmentNameTooLong"
  | "departmentNumberRequired"
  | "departmentNumberInvalid"
  | "defaultNotAllowed"
  | "transferMessageTooLong"
  | "maxWaitInvalid"
  | "invalid";

/** One refusal: `field` is the body path, as the server's `error.field` names it. */
export type CompanyRefusal = { field: string; rule: CompanyRule };

const weekdays = type("(0 <= number.integer <= 6)[]");

const DEPARTMENTS = "settings.callTransfer.transferPhoneNumbers.departments";

/** The department key a path such as `…departments["front desk"]` or `…departments.billing` names. */
function departmentKeyOf(field: string): string | null {
  const rest = field.slice(DEPARTMENTS.length);
  if (rest.startsWith(".")) return rest.slice(1);
  if (rest.startsWith("[")) {
    try {
      return JSON.parse(rest.slice(1, -1)) as string;
    } catch {
      return null;
    }
  }
  return null;
}

function departmentRule(field: string, input: CompanyUpdateInput): CompanyRule {
  const departments = input.settings.callTransfer?.transferPhoneNumbers.departments ?? {};
  const key = departmentKeyOf(field);
  if (key === null || !(key in departments)) return "departmentsTooMany";
  const name = key.trim();
  if (name === "") return "departmentNameRequired";
  if (name.length > COMPANY_LIMITS.departmentKeyMax) return "departmentNameTooLong";
  const takenBefore = Object.keys(departments)
    .slice(0, Object.keys(departments).indexOf(key))
    .some((other) => other.trim() === name);
  if (takenBefore) return "departmentNameTaken";
  return (departments[key] ?? "").trim() === "" ? "departmentNumberRequired" : "departmentNumberInvalid";
}

/**
 * The rule behind a refusal of `field` for `input` (the form's values as sent): for the form's own check and
 * for a server 400, whose `field` it reads.
 */
export function companyRuleOf(field: string, input: CompanyUpdateInput): CompanyRule {
  const { settings } = input;
  if (field.startsWith(DEPARTMENTS)) return departmentRule(field, input);
  switch (field) {
    case "name":
      return input.name.trim() === "" ? "nameRequired" : "nameTooLong";
    case "prompt":
      return "promptTooLong";
    case "greeting":
      return "greetingTooLong";
    case "currency":
      return "currencyUnknown";
    case "language":
      return "languageUnknown";
    case "settings.timezone":
      return "timezoneUnknown";
    case "settings.workingHours":
      return "scheduleNotSimple";
    case "settings.workingHours.start":
      return "timeInvalid";
    case "settings.workingHours.end": {
      const { start, end } = settings.workingHours;
      const valid = minutesOfClockTime(start) !== null && minutesOfClockTime(end, { end: true }) !== null;
      return valid ? "closingBeforeOpening" : "timeInvalid";
    }
    case "settings.callTransfer.transferPhoneNumbers.default":
      return "defaultNotAllowed";
    case "settings.callTransfer.transferMessage":
      return "transferMessageTooLong";
    case "settings.callTransfer.maxWaitTime":
      return "maxWaitInvalid";
    default:
      if (field.startsWith("settings.workingDays")) {
        return weekdays(settings.workingDays) instanceof type.errors
          ? "workingDaysInvalid"
          : "scheduleNotSimple";
      }
      return "invalid";
  }
}

/** Every refusal of the shared schema for the form's values, one per field (empty: the save may go). */
export function companyRefusals(input: CompanyUpdateInput): CompanyRefusal[] {
  const out = companyUpdate(input);
  if (!(out instanceof type.errors)) return [];
  const fields = [...new Set(out.map((problem) => problem.propString))];
  return fields.map((field) => ({ field, rule: companyRuleOf(field, input) }));
}
