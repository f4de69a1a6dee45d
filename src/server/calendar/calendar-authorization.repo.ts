import { and, eq, lte } from "drizzle-orm";
import type { Executor } from "../db/database";
import { calendarAuthorizations } from "../db/schema/calendar.schema";
import type { StaffMember } from "../http/app-env";

export type CalendarAuthorization = typeof calendarAuthorizations.$inferSelect;

/** Stores an authorization under way, clearing the business's expired ones on the way. */
export async function insertCalendarAuthorization(
  db: Executor,
  authorization: CalendarAuthorization,
  now: Date,
): Promise<void> {
  await db
    .delete(calendarAuthorizations)
    .where(
      and(
        eq(calendarAuthorizations.businessId, authorization.businessId),
        lte(calendarAuthorizations.expiresAt, now),
      ),
    );
  await db.insert(calendarAuthorizations).values(authorization);
}

/**
 * Takes the authorization of this state out of the table (one statement, so two callbacks with the same
 * state cannot both have it); null when there is none, or it expired by `now` (deleted all the same).
 */
export async function takeCalendarAuthorization(
  db: Executor,
  stateHash: string,
  now: Date,
): Promise<CalendarAuthorization | null> {
  const [row] = await db
    .delete(calendarAuthorizations)
    .where(eq(calendarAuthorizations.stateHash, stateHash))
    .returning();
  return row && row.expiresAt > now ? row : null;
}

/** Sign-out: the authorizations begun in that session go with it. */
export async function deleteSessionCalendarAuthorizations(
  db: Executor,
  businessId: string,
  sessionId: string,
): Promise<void> {
  await db
    .delete(calendarAuthorizations)
    .where(
      and(eq(calendarAuthorizations.businessId, businessId), eq(calendarAuthorizations.sessionId, sessionId)),
    );
}

/** Sign-out everywhere: every authorization the user has under way, in whichever session. */
export async function deleteUserCalendarAuthorizations(db: Executor, user: StaffMember): Promise<void> {
  await db
    .delete(calendarAuthorizations)
    .where(
      and(
        eq(calendarAuthorizations.businessId, user.businessId),
        eq(calendarAuthorizations.userId, user.userId),
      ),
    );
}

/** Deletes every business's authorizations that expired before `before`; answers how many. */
export async function purgeExpiredCalendarAuthorizations(db: Executor, before: Date): Promise<number> {
  const deleted = await db
    .delete(calendarAuthorizations)
    .where(lte(calendarAuthorizations.expiresAt, before))
    .returning({ stateHash: calendarAuthorizations.stateHash });
  return deleted.length;
}
