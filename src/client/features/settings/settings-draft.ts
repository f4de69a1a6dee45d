import type { Company, CompanyChangesInput, CompanyUpdateInput } from "@shared/company.schema";
import { maxWaitTimeOf } from "@shared/company-form-rules";
import type { LanguageCode } from "@shared/languages";
import { changedFields, rebaseDraft as rebaseFields, sameValue } from "../../lib/draft-fields";

export type Department = { key: string; number: string };

/**
 * The settings form as typed: what GET /api/company/me gives, with the max wait as its text (spec 5 reads it
 * on save) and the departments as a list (their order on screen is the order they were added in).
 */
export type SettingsDraft = {
  name: string;
  prompt: string;
  greeting: string;
  currency: string;
  language: LanguageCode;
  timezone: string;
  opensAt: string;
  closesAt: string;
  workingDays: number[];
  transferEnabled: boolean;
  defaultNumber: string;
  departments: Department[];
  transferMessage: string;
  workingHoursOnly: boolean;
  maxWaitTime: string;
  /** The new department's two fields as typed, not added yet: unsaved, and never sent. */
  newDepartment: Department;
};

export function draftOf(company: Company): SettingsDraft {
  const { settings } = company;
  const transfer = settings.callTransfer;
  return {
    name: company.name,
    prompt: company.prompt,
    greeting: company.greeting,
    currency: company.currency,
    language: company.language,
    timezone: settings.timezone,
    opensAt: settings.workingHours.start,
    closesAt: settings.workingHours.end,
    workingDays: settings.workingDays,
    transferEnabled: transfer.enabled,
    defaultNumber: transfer.transferPhoneNumbers.default,
    departments: Object.entries(transfer.transferPhoneNumbers.departments).map(([key, number]) => ({
      key,
      number,
    })),
    transferMessage: transfer.transferMessage,
    workingHoursOnly: transfer.workingHoursOnly,
    maxWaitTime: String(transfer.maxWaitTime),
    newDepartment: { key: "", number: "" },
  };
}

/** The fields the transfer switch shows (spec 4): while it is off they are hidden, neither checked nor saved. */
export const TRANSFER_DETAILS = ["defaultNumber", "departments", "transferMessage", "newDepartment"] as const;

/**
 * A department typed in the new department's fields but not added: saving would drop it while saying all is
 * saved, so the save waits until it is added or cleared (unless the switch hides it, as it hides the list).
 */
export const departmentLeftUnadded = ({ transferEnabled, newDepartment }: SettingsDraft) =>
  transferEnabled && (newDepartment.key.trim() !== "" || newDepartment.number.trim() !== "");

/**
 * PUT /api/company/me's body: the form as typed, the max wait read by spec 5's rule, the phone as shown. With
 * the transfer switch off, the numbers and the message it hides go as `company` holds them: what was typed
 * there and hidden again is neither refused (a message nobody can see) nor saved.
 */
export function updateOf(draft: SettingsDraft, company: Company): CompanyUpdateInput {
  const stored = company.settings.callTransfer;
  const transfer = draft.transferEnabled
    ? {
        transferPhoneNumbers: { default: draft.defaultNumber, departments: departmentsOf(draft) },
        transferMessage: draft.transferMessage,
      }
    : { transferPhoneNumbers: stored.transferPhoneNumbers, transferMessage: stored.transferMessage };
  return {
    name: draft.name,
    phoneNumber: company.phoneNumber,
    prompt: draft.prompt,
    greeting: draft.greeting,
    currency: draft.currency,
    language: draft.language,
    settings: {
      timezone: draft.timezone,
      workingHours: { start: draft.opensAt, end: draft.closesAt },
      workingDays: draft.workingDays,
      callTransfer: {
        enabled: draft.transferEnabled,
        ...transfer,
        workingHoursOnly: draft.workingHoursOnly,
        maxWaitTime: maxWaitTimeOf(draft.maxWaitTime),
      },
    },
  };
}

const departmentsOf = (draft: SettingsDraft) =>
  Object.fromEntries(draft.departments.map(({ key, number }) => [key, number]));

export const sameDraft = (a: SettingsDraft, b: SettingsDraft) => sameValue(a, b);

/**
 * What a save sends (the check reads `updateOf`): only the fields the user changed from `saved` (the draft of
 * the company as last read), so a save puts back nothing another tab saved meanwhile (the server keeps what is
 * left out). The departments go whole, with the default number when it moved along; what the transfer switch
 * hides while it is off goes not at all.
 */
export function changesOf(draft: SettingsDraft, saved: SettingsDraft): CompanyChangesInput {
  const changed = changedFields(draft, saved);
  if (!draft.transferEnabled) for (const hidden of TRANSFER_DETAILS) changed.delete(hidden);
  const pick = <V>(key: keyof SettingsDraft, value: V) => (changed.has(key) ? value : undefined);
  const someOf = <T extends object>(part: T) =>
    Object.values(part).some((value) => value !== undefined) ? part : undefined;
  return {
    name: pick("name", draft.name),
    prompt: pick("prompt", draft.prompt),
    greeting: pick("greeting", draft.greeting),
    currency: pick("currency", draft.currency),
    language: pick("language", draft.language),
    settings: someOf({
      timezone: pick("timezone", draft.timezone),
      workingHours: someOf({ start: pick("opensAt", draft.opensAt), end: pick("closesAt", draft.closesAt) }),
      workingDays: pick("workingDays", draft.workingDays),
      callTransfer: someOf({
        enabled: pick("transferEnabled", draft.transferEnabled),
        transferPhoneNumbers: someOf({
          default: pick("defaultNumber", draft.defaultNumber),
          departments: pick("departments", departmentsOf(draft)),
        }),
        transferMessage: pick("transferMessage", draft.transferMessage),
        workingHoursOnly: pick("workingHoursOnly", draft.workingHoursOnly),
        maxWaitTime: pick("maxWaitTime", maxWaitTimeOf(draft.maxWaitTime)),
      }),
    }),
  };
}

/**
 * Spec 4: a department is added only with a key and a number (trimmed, spec 5); the first one becomes the
 * default when there is none. A key already listed takes the new number.
 */
export function addDepartment(draft: SettingsDraft, department: Department): SettingsDraft {
  const key = department.key.trim();
  const number = department.number.trim();
  if (key === "" || number === "") return draft;
  const others = draft.departments.filter((existing) => existing.key !== key);
  const replaced = draft.departments.find((existing) => existing.key === key);
  const departments = [...others, { key, number }];
  const defaultNumber =
    draft.defaultNumber === "" || (replaced && replaced.number === draft.defaultNumber)
      ? number
      : draft.defaultNumber;
  return { ...draft, departments, defaultNumber };
}

/** Spec 4: removing the department that is the default puts the company phone back as the default. */
export function removeDepartment(draft: SettingsDraft, key: string, companyPhone: string): SettingsDraft {
  const removed = draft.departments.find((department) => department.key === key);
  if (!removed) return draft;
  const departments = draft.departments.filter((department) => department !== removed);
  const stillListed = departments.some((department) => department.number === removed.number);
  const defaultNumber =
    removed.number === draft.defaultNumber && !stillListed ? companyPhone : draft.defaultNumber;
  return { ...draft, departments, defaultNumber };
}

/**
 * The assistant reported a new company phone while the form was open: a default that was the old phone
 * becomes the new one, as the server moved the stored default along (else the save would be refused).
 */
const followCompanyPhone = (draft: SettingsDraft, before: string, after: string): SettingsDraft =>
  before !== "" && before !== after && draft.defaultNumber === before
    ? { ...draft, defaultNumber: after }
    : draft;

/**
 * The company was fetched again while the form was open (`before` what the form started from, `after` the
 * fresh one): each field the user has not touched shows the fresh value, each one they edited keeps what they
 * typed. Saving then sends only their own changes over what is stored now — the weekly hours saved on the
 * Availability screen meanwhile, say, are not put back.
 */
export const rebaseDraft = (draft: SettingsDraft, before: Company, after: Company): SettingsDraft =>
  followCompanyPhone(
    rebaseFields(draft, draftOf(before), draftOf(after)),
    before.phoneNumber,
    after.phoneNumber,
  );

export const makeDefault = (draft: SettingsDraft, number: string): SettingsDraft => ({
  ...draft,
  defaultNumber: number,
});
