/**
 * Instants as the business's clock shows them, in the interface language. Every booking time on screen goes
 * through these: the ISO string in, the text out.
 */
const zonedFormat = (locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
  return (iso: string) => format.format(new Date(iso));
};

// 24-hour, as spec 2's HH:mm.
const clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;

/** A time of day, e.g. "09:30". */
export const timeOfDayFormat = (locale: string, timeZone: string) => zonedFormat(locale, timeZone, clock);

/** A day and time, e.g. "Tue, Nov 24, 09:30". */
export const dateTimeFormat = (locale: string, timeZone: string) =>
  zonedFormat(locale, timeZone, { weekday: "short", month: "short", day: "numeric", ...clock });

/** Spec 2's whenBooked, 'MMM d, HH:mm' in English ("Nov 24, 09:30"); each language's own order elsewhere. */
export const shortDateTimeFormat = (locale: string, timeZone: string) =>
  zonedFormat(locale, timeZone, { month: "short", day: "numeric", ...clock });

/** Spec 2's appointment day, 'MMM d, yyyy' in English ("Nov 24, 2026"). */
export const dayFormat = (locale: string, timeZone: string) =>
  zonedFormat(locale, timeZone, { month: "short", day: "numeric", year: "numeric" });

/** An appointment, e.g. "Tue, Nov 24, 09:30–10:00": its day and start, then its end's time. */
export const appointmentFormat = (locale: string, timeZone: string) => {
  const start = dateTimeFormat(locale, timeZone);
  const end = timeOfDayFormat(locale, timeZone);
  return (startIso: string, endIso: string) => `${start(startIso)}–${end(endIso)}`;
};

/** A moment in full, its weekday and year: "Tuesday, November 24, 2026 at 09:30" in English (a call's start). */
export const longDateTimeFormat = (locale: string, timeZone: string) =>
  zonedFormat(locale, timeZone, { dateStyle: "full", timeStyle: "short", hourCycle: "h23" });

/** A moment of the record, with its year: "Nov 24, 2026, 09:30" in English (the activity log). */
export const fullDateTimeFormat = (locale: string, timeZone: string) =>
  zonedFormat(locale, timeZone, { year: "numeric", month: "short", day: "numeric", ...clock });
