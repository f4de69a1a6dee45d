import { type Type, type } from "arktype";

/** A whole number from 1 to `max` in a query string ("3" → 3), as page and limit parameters are. */
export const positiveIntegerParam = (max: number) =>
  type("string.integer.parse").to(`1 <= number.integer <= ${max}`);

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
