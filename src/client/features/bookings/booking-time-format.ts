import { wallTimeAt } from "@shared/zoned-time";
import { format } from "date-fns";
import { getDateLocale } from "../../lib/i18n";

/**
 * `iso` formatted with a date-fns pattern (spec 2's 'MMM d, HH:mm', 'MMM d, yyyy', 'HH:mm') as the
 * business's clock shows it, in the interface language: the wall time in `timeZone` is formatted as if local.
 */
export function formatInZone(iso: string, pattern: string, timeZone: string): string {
  const wall = wallTimeAt(new Date(iso), timeZone);
  const local = new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return format(local, pattern, { locale: getDateLocale() });
}

/** Spec 2's appointment range, 'HH:mm-HH:mm'. */
export const formatTimeRange = (startIso: string, endIso: string, timeZone: string) =>
  `${formatInZone(startIso, "HH:mm", timeZone)}-${formatInZone(endIso, "HH:mm", timeZone)}`;
