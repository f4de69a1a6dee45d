import { type Out, type Type, type } from "arktype";

/** A whole number from 1 to `max` in a query string ("3" → 3), as page and limit parameters are. */
export const positiveIntegerParam = (max: number) =>
  type("string.integer.parse").to(`1 <= number.integer <= ${max}`);

/**
 * A phone number in a query string, then checked by `phone`. Form encoding (URLSearchParams, and Hono with it)
 * reads a `+` as a space, so "?customerPhone=+15551234567" sent unencoded arrives as " 15551234567", which a
 * trim would quietly make another number: a space before the first digit, where no number has one, was its +.
 */
export const phoneQueryParam = (phone: Type<(In: string) => Out<string>>) =>
  type("string")
    .pipe((value) => (/^ \d/.test(value) ? `+${value.slice(1)}` : value), phone)
    .describe(
      "the phone number, its + encoded as %2B (an unencoded + arrives as a space, read back as the + before a digit)",
    );

/** The deepest page number a list query accepts. */
export const MAX_PAGE = 1_000_000;

/**
 * Spec 3's list response around a row schema: `data` holds the page, with the exact `total`, the `page`
 * asked for and how many pages there are.
 */
export const pageOf = <Row>(row: Type<Row>) =>
  type({
    data: row.array(),
    total: "number.integer >= 0",
    page: "number.integer >= 1",
    totalPages: "number.integer >= 0",
  });
