/**
 * CSV as RFC 4180 writes it: comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote or a
 * line break, its quotes doubled. null is an empty field; objects and arrays are written as their JSON.
 */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text =
    typeof value === "string"
      ? value
      : value instanceof Date
        ? value.toISOString()
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, its line end included. */
export const csvLine = (values: readonly unknown[]): string => `${values.map(csvField).join(",")}\r\n`;
