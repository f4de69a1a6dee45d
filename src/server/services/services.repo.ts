import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { type ServiceRow, services } from "../db/schema/services.schema";

export type NewService = Omit<typeof services.$inferInsert, "id" | "businessId" | "createdAt" | "updatedAt">;

type Buffers = "bufferBeforeMinutes" | "bufferAfterMinutes";
/**
 * What a staff member sets on a service: every field spec 7 knows, so a PUT replaces the whole service as the
 * spec's client knows it; the buffers (beyond the spec) only when given, else they keep their stored values.
 */
export type ServiceValues = Required<Omit<NewService, "description" | Buffers>> & {
  description: string | null;
} & Pick<NewService, Buffers>;

/** The unique index that keeps two active services of one business from sharing a name, whatever its case. */
export const ACTIVE_NAME_KEY = "services_business_id_active_name_key";

/** A service as the catalogue lists it: what the portal shows and the assistant offers, no bookkeeping. */
export type CatalogueService = Omit<ServiceRow, "businessId" | "createdAt" | "updatedAt">;

export async function insertServices(db: Executor, businessId: string, values: NewService[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(services).values(values.map((service) => ({ ...service, businessId })));
}

/** What the business offers right now, by name whatever its case (as the portal lists them). */
export async function listActiveServices(db: Executor, businessId: string): Promise<CatalogueService[]> {
  return (await listServices(db, businessId)).filter((service) => service.isActive);
}

/**
 * The whole catalogue, active and inactive, by name whatever its case, in one statement straight to the
 * driver (drizzle's builder and result parsers cost more than the statement). Every column reads the same
 * on both drivers.
 */
export function listServices(db: Executor, businessId: string): Promise<CatalogueService[]> {
  return rawRows<CatalogueService>(
    db,
    sql`select id, name, description, duration_minutes as "durationMinutes", price_cents as "priceCents",
          category, is_active as "isActive", buffer_before_minutes as "bufferBeforeMinutes",
          buffer_after_minutes as "bufferAfterMinutes"
        from services where business_id = ${businessId}::uuid
        order by lower(name), id`,
  );
}

/** With `lock`, the row is held until the transaction ends (a change that reads it first takes turns). */
export async function findService(
  db: Executor,
  businessId: string,
  id: string,
  { lock = false } = {},
): Promise<ServiceRow | null> {
  const query = db
    .select()
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Throws the unique violation of ACTIVE_NAME_KEY when an active service already has the name. */
export async function insertService(
  db: Executor,
  businessId: string,
  values: ServiceValues,
  now: Date,
): Promise<ServiceRow> {
  const [row] = await db
    .insert(services)
    .values({ ...values, businessId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error("insert into services returned no row");
  return row;
}

/** Null when the business has no such service; throws like insertService on a name taken by an active one. */
export async function updateService(
  db: Executor,
  businessId: string,
  id: string,
  values: ServiceValues,
  now: Date,
): Promise<ServiceRow | null> {
  const [row] = await db
    .update(services)
    .set({ ...values, updatedAt: now })
    .where(and(eq(services.businessId, businessId), eq(services.id, id)))
    .returning();
  return row ?? null;
}

/** The deleted service's name; null when the business had no such service. */
export async function deleteService(
  db: Executor,
  businessId: string,
  id: string,
): Promise<{ name: string } | null> {
  const [row] = await db
    .delete(services)
    .where(and(eq(services.businessId, businessId), eq(services.id, id)))
    .returning({ name: services.name });
  return row ?? null;
}
