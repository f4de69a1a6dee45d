import type { AvailabilityRules } from "@shared/availability.schema";
import type { PrivacySettings } from "@shared/privacy.schema";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { type BusinessRow, businesses } from "../db/schema/businesses.schema";
import { unauthenticated } from "../refusal";

export type NewBusiness = Omit<typeof businesses.$inferInsert, "id" | "createdAt">;

export async function insertBusiness(db: Executor, values: NewBusiness): Promise<BusinessRow> {
  const [row] = await db.insert(businesses).values(values).returning();
  return row!;
}

/** The tenant's own row; a business is its own scope. */
export async function findBusiness(db: Executor, businessId: string): Promise<BusinessRow | null> {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
  return row ?? null;
}

/**
 * The tenant's row, held until the transaction ends: a save that reads before it writes takes turns. A
 * business deleted meanwhile has ended its sessions: the save is refused as unauthenticated.
 */
export async function lockBusiness(tx: Executor, businessId: string): Promise<BusinessRow> {
  const [row] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).for("update");
  if (!row) throw unauthenticated();
  return row;
}

/** What the Settings screen's company save sets (its hours go to weekly_hours, its phone number is read-only). */
export type CompanyValues = Pick<
  BusinessRow,
  "name" | "prompt" | "greeting" | "timezone" | "callTransfer" | "currency" | "language"
>;

export async function updateCompany(db: Executor, businessId: string, values: CompanyValues): Promise<void> {
  await db.update(businesses).set(values).where(eq(businesses.id, businessId));
}

/**
 * The number the assistant answers. A default transfer number that pointed at the old number follows it
 * (spec 5: a default is the company phone or a department's number).
 */
export async function updatePhoneNumber(
  db: Executor,
  businessId: string,
  phoneNumber: string,
): Promise<void> {
  await db.execute(
    sql`update businesses set
          call_transfer = case
            when phone_number <> '' and call_transfer #>> '{transferPhoneNumbers,default}' = phone_number
            then jsonb_set(call_transfer, '{transferPhoneNumbers,default}', to_jsonb(${phoneNumber}::text))
            else call_transfer end,
          phone_number = ${phoneNumber}
        where id = ${businessId}::uuid`,
  );
}

/** The tenant's IANA timezone alone: what reading "a day" or a local time needs. */
/** Every list filtered by date and every dashboard read asks this first: a plain statement, kept cheap. */
export async function findBusinessTimezone(db: Executor, businessId: string): Promise<string | null> {
  const [row] = await rawRows<{ timezone: string }>(
    db,
    sql`select timezone from businesses where id = ${businessId}::uuid`,
  );
  return row?.timezone ?? null;
}

/** The business's currency (ISO 4217), which every price of it is in. */
export async function findBusinessCurrency(db: Executor, businessId: string): Promise<string> {
  const [row] = await rawRows<{ currency: string }>(
    db,
    sql`select currency from businesses where id = ${businessId}::uuid`,
  );
  if (!row) throw new Error(`no business ${businessId}`);
  return row.currency;
}

/** Whether any tenant exists (the demo seed runs only on an empty database). */
export async function hasAnyBusiness(db: Executor): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(businesses).limit(1);
  return row !== undefined;
}

/** The rules around appointments (the availability screen's buffer rules). */
export async function updateAvailabilityRules(
  db: Executor,
  businessId: string,
  rules: AvailabilityRules,
): Promise<void> {
  await db
    .update(businesses)
    .set({
      bufferBeforeMinutes: rules.bufferBeforeMinutes,
      bufferAfterMinutes: rules.bufferAfterMinutes,
      minimumNoticeMinutes: rules.minimumNoticeMinutes,
      bookingHorizonDays: rules.bookingHorizonDays,
      slotStepMinutes: rules.slotStepMinutes,
    })
    .where(eq(businesses.id, businessId));
}

export const availabilityRulesOf = (business: BusinessRow): AvailabilityRules => ({
  bufferBeforeMinutes: business.bufferBeforeMinutes,
  bufferAfterMinutes: business.bufferAfterMinutes,
  minimumNoticeMinutes: business.minimumNoticeMinutes,
  bookingHorizonDays: business.bookingHorizonDays,
  slotStepMinutes: business.slotStepMinutes,
});

/** The recording and retention settings (Settings → Data protection), saved whole. */
export async function updatePrivacySettings(
  db: Executor,
  businessId: string,
  settings: PrivacySettings,
): Promise<void> {
  await db
    .update(businesses)
    .set({
      recordCalls: settings.recordCalls,
      callContentDays: settings.callContentDays,
      callRowDays: settings.callRowDays,
      bookingPersonalDays: settings.bookingPersonalDays,
    })
    .where(eq(businesses.id, businessId));
}

export const privacySettingsOf = (business: BusinessRow): PrivacySettings => ({
  recordCalls: business.recordCalls,
  callContentDays: business.callContentDays,
  callRowDays: business.callRowDays,
  bookingPersonalDays: business.bookingPersonalDays,
});
