import type { CompanyUpdateInput } from "@shared/company.schema";
import { companyRefusals, companyRuleOf } from "@shared/company-refusals";
import { RULE_MESSAGES } from "./settings-field-messages";
import type { SettingsField, SettingsProblems } from "./settings-problems";

// Loaded when the form is first saved: the shared schema brings arktype, which the page does not need to show.

const BY_PATH: Record<string, SettingsField> = {
  name: "name",
  prompt: "prompt",
  greeting: "greeting",
  currency: "currency",
  language: "language",
  "settings.timezone": "timezone",
  "settings.workingHours": "opensAt",
  "settings.workingHours.start": "opensAt",
  "settings.workingHours.end": "closesAt",
  "settings.callTransfer.transferPhoneNumbers.default": "defaultNumber",
  "settings.callTransfer.transferMessage": "transferMessage",
  "settings.callTransfer.maxWaitTime": "maxWaitTime",
};

/** The form field that shows a refusal of the body path `path` (as the schema and the server's 400 name it). */
function fieldOf(path: string): SettingsField | undefined {
  if (path.startsWith("settings.callTransfer.transferPhoneNumbers.departments")) return "departments";
  if (path.startsWith("settings.workingDays")) return "workingDays";
  return BY_PATH[path];
}

/** Every field the shared schema refuses in `input`, with its message: the very check the server makes. */
export function problemsOf(input: CompanyUpdateInput): SettingsProblems {
  const problems: SettingsProblems = {};
  for (const { field, rule } of companyRefusals(input)) {
    const shown = fieldOf(field);
    if (shown) problems[shown] ??= RULE_MESSAGES[rule];
  }
  return problems;
}

/** A server 400 that names a field: which form field it is and what to say; undefined for any other failure. */
export function serverProblemOf(
  path: string | undefined,
  input: CompanyUpdateInput,
): SettingsProblems | undefined {
  const shown = path === undefined ? undefined : fieldOf(path);
  return path !== undefined && shown ? { [shown]: RULE_MESSAGES[companyRuleOf(path, input)] } : undefined;
}
