/** 0 = Sunday … 6 = Saturday (spec 9), as the keys of a weekly schedule. */
export const WEEKDAYS = ["0", "1", "2", "3", "4", "5", "6"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const AVAILABILITY_LIMITS = {
  rangesPerDay: 12,
  bufferMinutesMax: 240,
  minimumNoticeMinutesMax: 60 * 24 * 30,
  bookingHorizonDaysMax: 730,
  slotStepMinutesMax: 240,
  /** Days `from`..`to` one slots request may cover. */
  slotDaysMax: 62,
  /** Slots one answer holds at most (62 round-the-clock days at a 1-minute step would be ~89,000). */
  slotsPerAnswerMax: 5_000,
} as const;

/** Spec 9 leaves these open; what a business starts with. */
export const AVAILABILITY_DEFAULTS = {
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 60,
  bookingHorizonDays: 60,
  slotStepMinutes: 15,
} as const;
