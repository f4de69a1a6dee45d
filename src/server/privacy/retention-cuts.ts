import type { PrivacySettings } from "@shared/privacy.schema";
import { calendarDayAround } from "@shared/zoned-time";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Before which instant each kind of data is due for the purge at `now`; null: kept forever. */
export type RetentionCuts = {
  /** Calls that started before it lose their transcript, recording link and summary. */
  content: Date | null;
  /** Calls that started before it are deleted. */
  rows: Date | null;
  /** Bookings whose appointment ended before it lose their customer's name, phone and notes. */
  bookings: Date | null;
};

const daysBefore = (now: Date, days: number | null) =>
  days === null ? null : new Date(now.getTime() - days * DAY_MS);

/**
 * The cuts of a business's retention at `now`. Days are 24 hours, counted from the call's start or the
 * appointment's end. A call is never deleted on the business's own today (in `timezone`), however short the
 * retention: the dashboard counts today's calls from the rows (only all-time totals keep the purged ones), and
 * a local day can last 25 hours.
 */
export function retentionCuts(
  settings: Pick<PrivacySettings, "callContentDays" | "callRowDays" | "bookingPersonalDays">,
  now: Date,
  timezone: string,
): RetentionCuts {
  const rows = daysBefore(now, settings.callRowDays);
  const todayStart = calendarDayAround(now, timezone).start;
  return {
    content: daysBefore(now, settings.callContentDays),
    rows: rows && (rows < todayStart ? rows : todayStart),
    bookings: daysBefore(now, settings.bookingPersonalDays),
  };
}
