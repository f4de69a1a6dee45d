/**
 * Numbers as people type them in the interface language, for text inputs: a number input would read them with
 * the browser's locale instead (a German "49,90" became 4990 in an English browser).
 */

/** The interface language's decimal mark, as Intl writes it: "," in German, "." in English. */
export function decimalMarkOf(locale: string): string {
  return (
    new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? "."
  );
}

/** A number read; text that could mean two numbers; or no number at all. */
export type DecimalReading = { kind: "number"; value: number } | { kind: "ambiguous" } | { kind: "none" };

const NONE: DecimalReading = { kind: "none" };
const AMBIGUOUS: DecimalReading = { kind: "ambiguous" };

/** Digits grouped by threes ("1.234.567"): `group` is the separator, the first group one to three digits. */
const groupedDigits = (text: string, group: string) =>
  text.split(group).every((part, index) => (index === 0 ? /^[1-9]\d{0,2}$/ : /^\d{3}$/).test(part));

const numberOf = (sign: string, whole: string, fraction: string): DecimalReading => ({
  kind: "number",
  value: Number(`${sign}${whole || "0"}.${fraction || "0"}`),
});

/**
 * A number typed in `locale`'s interface language. Both "," and "." are taken as the decimal mark where
 * nothing else can be meant: "49,90" and "49.90" are 49.9 in any language, "1.234,50" and "1,234.50" are
 * 1234.5, spaces group digits. One mark before exactly three digits is the decimal mark when it is the
 * language's own ("1,234" in German is 1.234), else it could as well group thousands ("1,234" in English,
 * "1.234" in German): ambiguous, never guessed.
 */
export function readDecimal(typed: string, locale: string): DecimalReading {
  const text = typed.replace(/\s/g, "");
  const match = /^([-\u2212]?)([\d.,]+)$/.exec(text);
  if (!match || !/\d/.test(text)) return NONE;
  const sign = match[1] ? "-" : "";
  const body = match[2] ?? "";
  const marks = [...new Set(body.replace(/\d/g, ""))];
  if (marks.length === 0) return numberOf(sign, body, "");
  if (marks.length === 2) {
    // The last mark is the decimal one, found once; the other groups the whole part.
    const last = Math.max(body.lastIndexOf("."), body.lastIndexOf(","));
    const decimal = body.charAt(last);
    const whole = body.slice(0, last);
    const fraction = body.slice(last + 1);
    if (
      whole.includes(decimal) ||
      !/^\d*$/.test(fraction) ||
      !groupedDigits(whole, decimal === "," ? "." : ",")
    )
      return NONE;
    return numberOf(sign, whole.replace(/[.,]/g, ""), fraction);
  }
  const mark = marks[0] ?? ".";
  const parts = body.split(mark);
  // The same mark more than once only groups digits: "1.234.567".
  if (parts.length > 2) return groupedDigits(body, mark) ? numberOf(sign, parts.join(""), "") : NONE;
  const [whole = "", fraction = ""] = parts;
  if (mark !== decimalMarkOf(locale) && fraction.length === 3 && groupedDigits(whole, mark)) return AMBIGUOUS;
  return numberOf(sign, whole, fraction);
}
