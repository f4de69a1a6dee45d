/** Times of day as the business's clock shows them, in the interface language (24-hour, as spec 2's HH:mm). */
export function timeOfDayFormat(locale: string, timeZone: string) {
  const format = new Intl.DateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  });
  return (iso: string) => format.format(new Date(iso));
}

/** A day and time as the business's clock shows them, e.g. "Tue, Nov 24, 09:30". */
export function dateTimeFormat(locale: string, timeZone: string) {
  const format = new Intl.DateTimeFormat(locale, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  });
  return (iso: string) => format.format(new Date(iso));
}
