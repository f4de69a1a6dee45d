import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { COMPANY_LIMITS } from "@shared/company-form-rules";
import type { CompanyRule } from "@shared/company-refusals";

const {
  nameMax,
  promptMax,
  greetingMax,
  transferMessageMax,
  departmentsMax,
  departmentKeyMax,
  maxWaitTimeMax,
} = COMPANY_LIMITS;

/** What the user reads for each rule of the shared schema (spec 5's wording where it has one). */
export const RULE_MESSAGES: Record<CompanyRule, MessageDescriptor> = {
  nameRequired: msg`Company name is required`,
  nameTooLong: msg`Company name must be at most ${nameMax} characters`,
  promptTooLong: msg`The description must be at most ${promptMax} characters`,
  greetingTooLong: msg`The greeting must be at most ${greetingMax} characters`,
  currencyUnknown: msg`Choose a currency from the list`,
  languageUnknown: msg`Choose a language from the list`,
  timezoneUnknown: msg`Choose a timezone from the list`,
  timeInvalid: msg`Enter a time such as 09:00`,
  closingBeforeOpening: msg`The closing time must be after the opening time`,
  workingDaysInvalid: msg`Choose working days from the list`,
  scheduleNotSimple: msg`Your hours now include breaks or differ from day to day: change them on the Availability page`,
  departmentsTooMany: msg`You can add at most ${departmentsMax} departments`,
  departmentNameRequired: msg`Each department needs a name`,
  departmentNameTaken: msg`Each department name can be used only once`,
  departmentNameTooLong: msg`A department name must be at most ${departmentKeyMax} characters`,
  departmentNumberRequired: msg`Each department needs a phone number`,
  departmentNumberInvalid: msg`A department's number must be a phone number with at least 3 digits`,
  defaultNotAllowed: msg`Default must be the company phone or one of department numbers`,
  transferMessageTooLong: msg`The transfer message must be at most ${transferMessageMax} characters`,
  maxWaitInvalid: msg`Enter a wait from 0 to ${maxWaitTimeMax} seconds`,
  invalid: msg`Check this value`,
};

/** The form's own rule beyond the schema: a department typed in its fields and not added (departmentLeftUnadded). */
export const DEPARTMENT_NOT_ADDED = msg`Add the department or clear these fields`;
