import { type } from "arktype";

// The years ISO 8601 text and PostgreSQL's timestamptz both hold, in UTC.
const EARLIEST = Date.parse("0001-01-01T00:00:00.000Z");
const LATEST = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * An ISO 8601 instant for a route that reads it with JavaScript's Date (the calendar's). `string.date.iso` alone
 * takes forms Date cannot read — a week date (2026-W10), an ordinal one (2026-060), the basic format
 * (20260302T100000Z), a year signed with four digits (+0001), an hour alone (T10) — which became an invalid
 * Date and a 500; and the year 0000, which PostgreSQL has not.
 */
export const isoInstant = type("string.date.iso").narrow((text, ctx) => {
  const epochMs = Date.parse(text);
  return (
    (epochMs >= EARLIEST && epochMs <= LATEST) ||
    ctx.reject({ expected: "an ISO 8601 date-time (YYYY-MM-DDThh:mm:ssZ) in the years 0001–9999" })
  );
});
