import type { CallerSearch } from "@shared/caller-data.schema";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { callerDigits, phoneDigits } from "../db/schema/calls.schema";
import { Refusal } from "../refusal";

/** Whom the privacy desk looks for: the digits of a phone number, or a name in lower case. */
export type CallerMatch = { digits: string } | { lowerName: string };

/**
 * The search as a match; 400 naming `phone` unless exactly one of phone and name was given, or when the
 * number has no digit but its international prefix (it would match every call without a number).
 */
export function callerMatchOf(search: CallerSearch): CallerMatch {
  if (search.phone !== undefined && search.name !== undefined)
    throw new Refusal("VALIDATION", "Give a phone number or a name, not both", { field: "phone" });
  if (search.phone !== undefined) {
    const digits = phoneDigits(search.phone);
    if (digits === "")
      throw new Refusal("VALIDATION", "Give the caller's whole phone number", { field: "phone" });
    return { digits };
  }
  if (search.name !== undefined) return { lowerName: search.name.toLowerCase() };
  throw new Refusal("VALIDATION", "Give the caller's phone number or name", { field: "phone" });
}

/**
 * The rows of the caller among a table's, by its phone and name columns: spelled as the indexes of
 * calls.schema.ts and bookings.schema.ts are, so one index probe finds them however many rows the business has.
 */
export function callerCondition(match: CallerMatch, columns: { phone: AnyColumn; name: AnyColumn }): SQL {
  return "digits" in match
    ? sql`${callerDigits(columns.phone)} = ${match.digits}`
    : sql`lower(${columns.name}) = ${match.lowerName}`;
}
