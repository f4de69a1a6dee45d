import type { RetentionField } from "@shared/privacy.constants";
import type { PrivacySettings, PrivacySettingsUpdate } from "@shared/privacy.schema";
import { changedFields, rebaseDraft, type SameField } from "../../lib/draft-fields";

/** A retention as typed: limited to a number of days (the text as typed), or kept forever. */
export type RetentionDraft = { limited: boolean; days: string };

/** The card as typed. */
export type DataProtectionDraft = { recordCalls: boolean } & Record<RetentionField, RetentionDraft>;

/** What a retention switched on offers before anything is typed (a common choice; rows outlast content). */
export const SUGGESTED_DAYS: Record<RetentionField, number> = {
  callContentDays: 90,
  callRowDays: 365,
  bookingPersonalDays: 365,
};

const retentionDraftOf = (days: number | null, field: RetentionField): RetentionDraft =>
  days === null
    ? { limited: false, days: String(SUGGESTED_DAYS[field]) }
    : { limited: true, days: String(days) };

export function draftOf(settings: PrivacySettings): DataProtectionDraft {
  return {
    recordCalls: settings.recordCalls,
    callContentDays: retentionDraftOf(settings.callContentDays, "callContentDays"),
    callRowDays: retentionDraftOf(settings.callRowDays, "callRowDays"),
    bookingPersonalDays: retentionDraftOf(settings.bookingPersonalDays, "bookingPersonalDays"),
  };
}

/**
 * Days as typed: a whole number, or NaN for anything else, which the shared schema refuses (so the form
 * and the server refuse alike).
 */
const daysOf = (text: string) => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : Number.NaN);

/** The settings the card shows, whole: what the shared schema checks before a save. */
export function updateOf(draft: DataProtectionDraft): PrivacySettings {
  const days = (field: RetentionField) => (draft[field].limited ? daysOf(draft[field].days) : null);
  return {
    recordCalls: draft.recordCalls,
    callContentDays: days("callContentDays"),
    callRowDays: days("callRowDays"),
    bookingPersonalDays: days("bookingPersonalDays"),
  };
}

/** Whether a field would save the same setting (days kept forever compare equal whatever was typed). */
const sameField: SameField<DataProtectionDraft> = (_key, a, b) => {
  if (typeof a === "boolean" || typeof b === "boolean") return a === b;
  return a.limited === b.limited && (!a.limited || a.days.trim() === b.days.trim());
};

/** Whether two drafts would save the same settings. */
export const sameDraft = (a: DataProtectionDraft, b: DataProtectionDraft): boolean =>
  changedFields(a, b, sameField).size === 0;

/**
 * What a save sends: only the settings the user changed from `saved` (the draft of what the server last
 * gave), so another tab's save of the others is not put back (the PUT keeps what is left out).
 */
export function changesOf(draft: DataProtectionDraft, saved: DataProtectionDraft): PrivacySettingsUpdate {
  const update = updateOf(draft);
  return Object.fromEntries(
    [...changedFields(draft, saved, sameField)].map((field) => [field, update[field]]),
  );
}

/** Settings read again while the card is open: untouched fields show them, edited ones stay as typed. */
export const rebaseOnFresh = (
  draft: DataProtectionDraft,
  base: DataProtectionDraft,
  fresh: DataProtectionDraft,
) => rebaseDraft(draft, base, fresh, sameField);
