import { RETENTION_FIELDS, type RetentionField } from "@shared/privacy.constants";
import type { PrivacySettings } from "@shared/privacy.schema";

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

/** The settings a save sends: every field, so what is saved is exactly what the card shows. */
export function updateOf(draft: DataProtectionDraft): PrivacySettings {
  const days = (field: RetentionField) => (draft[field].limited ? daysOf(draft[field].days) : null);
  return {
    recordCalls: draft.recordCalls,
    callContentDays: days("callContentDays"),
    callRowDays: days("callRowDays"),
    bookingPersonalDays: days("bookingPersonalDays"),
  };
}

/** Whether two drafts would save the same settings (days kept forever compare equal whatever was typed). */
export function sameDraft(a: DataProtectionDraft, b: DataProtectionDraft): boolean {
  return (
    a.recordCalls === b.recordCalls &&
    RETENTION_FIELDS.every(
      (field) =>
        a[field].limited === b[field].limited &&
        (!a[field].limited || a[field].days.trim() === b[field].days.trim()),
    )
  );
}
