import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { RETENTION_DAYS_MAX, type RetentionField } from "@shared/privacy.constants";

/** The shared schema's rules, as the card words them. */
export type RetentionRule = "daysRange" | "rowsBeforeContent";

/** What is wrong with each retention field; a field without an entry is fine. */
export type RetentionProblems = Partial<Record<RetentionField, RetentionRule>>;

export const RETENTION_RULE_MESSAGES: Record<RetentionRule, MessageDescriptor> = {
  daysRange: msg`Enter a whole number of days from 1 to ${RETENTION_DAYS_MAX}`,
  rowsBeforeContent: msg`Keep calls at least as long as their content`,
};
