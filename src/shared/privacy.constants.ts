// Kept apart from privacy.schema.ts so the database schema and the card can use them without loading arktype.

/** The longest retention a business may set, in days (about ten years); the shortest is one day. */
export const RETENTION_DAYS_MAX = 3650;

/** The retention settings, each a number of days or null (kept forever). */
export const RETENTION_FIELDS = ["callContentDays", "callRowDays", "bookingPersonalDays"] as const;
export type RetentionField = (typeof RETENTION_FIELDS)[number];

/** What a business that has never chosen keeps: recording on (as the voice platforms default), all forever. */
export const PRIVACY_DEFAULTS = {
  recordCalls: true,
  callContentDays: null,
  callRowDays: null,
  bookingPersonalDays: null,
} as const;
