import type { BlackoutDate, BlackoutDateInput } from "@shared/availability.schema";
import { clockTimeOfMinutes, minutesOfClockTime } from "@shared/clock-time";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { type BlackoutDateRow, blackoutDates } from "../db/schema/availability.schema";

export const blackoutOf = (
  row: Pick<BlackoutDateRow, "id" | "startDate" | "endDate" | "startMinute" | "endMinute" | "reason">,
): BlackoutDate => ({
  id: row.id,
  startDate: row.startDate,
  endDate: row.endDate,
  startTime: row.startMinute === null ? null : clockTimeOfMinutes(row.startMinute),
  endTime: row.endMinute === null ? null : clockTimeOfMinutes(row.endMinute),
  reason: row.reason,
});

// By start: a null start minute is the day's 00:00.
const inOrder = [
  asc(blackoutDates.startDate),
  asc(sql`coalesce(${blackoutDates.startMinute}, 0)`),
  asc(blackoutDates.id),
];

/** Every blackout of the business, past ones included, by start. */
export async function listBlackoutDates(db: Executor, businessId: string): Promise<BlackoutDate[]> {
  const rows = await db
    .select()
    .from(blackoutDates)
    .where(eq(blackoutDates.businessId, businessId))
    .orderBy(...inOrder);
  return rows.map(blackoutOf);
}

export async function insertBlackoutDate(
  db: Executor,
  businessId: string,
  input: BlackoutDateInput,
): Promise<BlackoutDate> {
  const [row] = await db
    .insert(blackoutDates)
    .values({
      businessId,
      startDate: input.startDate,
      endDate: input.endDate,
      startMinute: input.startTime === null ? null : minutesOfClockTime(input.startTime),
      endMinute: input.endTime === null ? null : minutesOfClockTime(input.endTime, { end: true }),
      reason: input.reason?.trim() || null,
    })
    .returning();
  return blackoutOf(row!);
}

/** The removed blackout's days; null when the business had no such blackout (another business's id removes nothing). */
export async function deleteBlackoutDate(
  db: Executor,
  businessId: string,
  id: string,
): Promise<{ startDate: string; endDate: string } | null> {
  const [deleted] = await db
    .delete(blackoutDates)
    .where(and(eq(blackoutDates.businessId, businessId), eq(blackoutDates.id, id)))
    .returning({ startDate: blackoutDates.startDate, endDate: blackoutDates.endDate });
  return deleted ?? null;
}
