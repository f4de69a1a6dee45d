import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../db/database";
import { type ServiceRow, services } from "../db/schema/services.schema";

export type NewService = Omit<typeof services.$inferInsert, "id" | "businessId" | "createdAt" | "updatedAt">;

export async function insertServices(db: Executor, businessId: string, values: NewService[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(services).values(values.map((service) => ({ ...service, businessId })));
}

/** What the business offers right now, by name. */
export async function listActiveServices(db: Executor, businessId: string): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.isActive, true)))
    .orderBy(asc(services.name), asc(services.id));
}
