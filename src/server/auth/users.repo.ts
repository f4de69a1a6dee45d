import type { SessionUser } from "@shared/auth.schema";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
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

/** Asked by every session check (GET /api/auth/me): a plain statement straight to the driver, kept cheap. */
export async function findSessionUser(
  db: Executor,
  businessId: string,
  userId: string,
): Promise<SessionUser | null> {
  const [row] = await rawRows<SessionUser>(
    db,
    sql`select u.id, u.email, u.business_id as "businessId", b.name as "businessName"
        from users u join businesses b on b.id = u.business_id
        where u.business_id = ${businessId}::uuid and u.id = ${userId}::uuid`,
  );
  return row ?? null;
}
