/** Time of day as `HH:MM` (00:00–23:59); an end of a range may also be `24:00`, the midnight that ends a day. */
export type ClockTime = string;

const CLOCK_TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

/** Minutes since midnight of `HH:MM`, or null when it is no time of day (`24:00` is 1440 only when `end`). */
export function minutesOfClockTime(text: string, { end = false }: { end?: boolean } = {}): number | null {
  const m = CLOCK_TIME.exec(text);
  if (!m) return null;
  if (m[3] !== undefined) return end ? 1440 : null;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** `HH:MM` of minutes since midnight (1440 gives `24:00`). */
export function clockTimeOfMinutes(minutes: number): ClockTime {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
