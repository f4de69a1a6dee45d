import { OPEN_BOOKING_STATUSES } from "@shared/booking.constants";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { type BookingRow, bookings } from "../db/schema/bookings.schema";
import { callerDigits, phoneDigits } from "../db/schema/calls.schema";

/** One booking of the business (null for an unknown id or another business's). */
export async function findBookingRow(
  db: Executor,
  businessId: string,
  bookingId: string,
): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.id, bookingId)));
  return row ?? null;
}

/** The booking the assistant made with this externalId, if any. */
export async function findBookingByExternalId(
  db: Executor,
  businessId: string,
  externalId: string,
): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.externalId, externalId)));
  return row ?? null;
}

/** How many upcoming bookings of one caller the assistant is told about at most. */
export const CALLER_BOOKINGS_MAX = 20;

/**
 * A caller's pending and confirmed bookings that start from `now`, soonest first. The number is compared as the
 * privacy desk compares it, by its digits (callerDigits): "+48 600 100 200", "0048-600-100-200" and
 * "+48600100200" are one caller, whichever of them the booking was made with. A number without a digit is no
 * one's: it finds nothing (rather than every booking whose number has no digit, an erased one's '' among them).
 */
export async function listCallerUpcomingBookings(
  db: Executor,
  businessId: string,
  customerPhone: string,
  now: Date,
): Promise<BookingRow[]> {
  const digits = phoneDigits(customerPhone);
  if (digits === "") return [];
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.businessId, businessId),
        sql`${callerDigits(bookings.customerPhone)} = ${digits}`,
        gte(bookings.startTime, now),
        inArray(bookings.status, [...OPEN_BOOKING_STATUSES]),
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id))
    .limit(CALLER_BOOKINGS_MAX);
}
