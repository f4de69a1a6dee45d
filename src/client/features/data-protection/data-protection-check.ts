import { RETENTION_FIELDS, type RetentionField } from "@shared/privacy.constants";
import { type PrivacySettings, privacySettings } from "@shared/privacy.schema";
import { type } from "arktype";
import type { RetentionProblems, RetentionRule } from "./data-protection-problems";

// Loaded when the card is first saved: the shared schema brings arktype, which the page does not need to show.

const isRetentionField = (key: unknown): key is RetentionField =>
  RETENTION_FIELDS.some((field) => field === key);

/** Why `field` is refused in `input`: its days are out of range, or (valid days) calls would go before content. */
const ruleOf = (field: RetentionField, input: PrivacySettings): RetentionRule =>
  field === "callRowDays" && privacySettings.get("callRowDays")(input.callRowDays) === input.callRowDays
    ? "rowsBeforeContent"
    : "daysRange";

/** Every retention field the shared schema refuses in `input`: the very check the server makes. */
export function problemsOf(input: PrivacySettings): RetentionProblems {
  const verdict = privacySettings(input);
  if (!(verdict instanceof type.errors)) return {};
  const problems: RetentionProblems = {};
  for (const error of verdict) {
    const field = error.path[0];
    if (isRetentionField(field)) problems[field] ??= ruleOf(field, input);
  }
  return problems;
}

/** A server 400 that names a retention field: what to say there; undefined for any other failure. */
export function serverProblemOf(
  field: string | undefined,
  input: PrivacySettings,
): RetentionProblems | undefined {
  return isRetentionField(field) ? { [field]: ruleOf(field, input) } : undefined;
}
