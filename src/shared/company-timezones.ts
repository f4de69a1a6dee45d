/** Spec 9: the timezones offered first, in this order; the first is the default. */
export const SPEC_TIMEZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Warsaw",
  "Asia/Tokyo",
  "Asia/Shanghai",
  "Australia/Sydney",
] as const;

/** IANA names are written with capitals ("Europe/Paris", "UTC"); Intl also takes "europe/paris", which we do not store. */
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

const known = new Set<string>();

/**
 * Whether this runtime can compute local times in `name`, spelled as in the IANA database. Aliases count
 * (Europe/Kyiv and Europe/Kiev, UTC): the lists of `Intl.supportedValuesOf` differ between Node and browsers,
 * and a zone one of them offers must not be refused by the other when its clocks can be read.
 */
export function isTimezone(name: string): boolean {
  if (known.has(name)) return true;
  if (!IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
  } catch {
    return false;
  }
  known.add(name);
  return true;
}

/**
 * The zones of the searchable picker (issue 10): spec 9's eleven first, then UTC and every other zone this
 * runtime lists, alphabetically; `current` (the business's own zone) is always among them.
 */
export function timezoneOptions(current?: string): string[] {
  const first = new Set<string>(SPEC_TIMEZONES);
  const others = new Set(Intl.supportedValuesOf("timeZone").filter((zone) => !first.has(zone)));
  others.add("UTC");
  if (current && !first.has(current)) others.add(current);
  return [...SPEC_TIMEZONES, ...[...others].sort()];
}
