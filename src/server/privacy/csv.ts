/**
 * A text a spreadsheet would read as a formula (OWASP's CSV injection list: =, +, -, @, tab, CR), such as a
 * caller's transcript or name reading `=HYPERLINK(…)`. It is written quoted with a `'` before it, so Excel and
 * LibreOffice show it as text. A phone number "+48 …" gets the `'` as well, as OWASP has it: telling a number
 * from `+1+cmd|…` would be a second rule to get right, and without the `'` a spreadsheet reads "+48600100200"
 * as the number 48600100200 anyway. The JSON files beside the CSV keep every value exactly.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** What the archives' readmes say of it. */
export const FORMULA_NOTE = [
  "In the CSV files, a text starting with =, +, -, @, a tab or a carriage return has a ' put before it, so a",
  "spreadsheet shows it rather than running it as a formula (a phone number +48 600 100 200 reads",
  "'+48 600 100 200); the JSON files beside them hold every value exactly.",
];

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * CSV as RFC 4180 writes it: comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote or a
 * line break, its quotes doubled. null is an empty field; objects and arrays are written as their JSON. A text
 * a spreadsheet would run as a formula is neutralised (FORMULA_START); numbers are written as they are (-5 is
 * a number, not text from anyone).
 */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" && FORMULA_START.test(value)) return quoted(`'${value}`);
  const text =
    typeof value === "string"
      ? value
      : value instanceof Date
        ? value.toISOString()
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
  return /[",\r\n]/.test(text) ? quoted(text) : text;
}

/** One CSV record, its line end included. */
export const csvLine = (values: readonly unknown[]): string => `${values.map(csvField).join(",")}\r\n`;
