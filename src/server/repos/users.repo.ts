import type { SessionUser } from "@shared/auth.schema";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/database";
import { businesses } from "../db/schema/businesses.schema";
import { type UserRow, users } from "../db/schema/users.schema";

/** Emails are compared trimmed and lowercased everywhere (the column holds only that form). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The one unscoped user lookup: signing in is how a visitor finds their tenant in the first place.
 * Takes an already normalized email.
 */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function insertUser(
  db: Executor,
  businessId: string,
  values: { email: string; passwordHash: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ businessId, email: values.email, passwordHash: values.passwordHash })
    .returning();
  return row!;
}

export async function findSessionUser(
  db: Executor,
  businessId: string,
  userId: string,
): Promise<SessionUser | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, businessId: users.businessId, businessName: businesses.name })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(and(eq(users.businessId, businessId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}
