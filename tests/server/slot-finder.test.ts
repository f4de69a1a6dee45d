import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSlotFinder } from "../../src/server/availability/slot-finder";
import { replaceWeeklySchedule } from "../../src/server/availability/weekly-hours.repo";
import { type BulkBooking, insertBookings } from "../../src/server/bookings/bookings-write.repo";
import { insertBusiness } from "../../src/server/company/businesses.repo";
import { services } from "../../src/server/db/schema/services.schema";
import { Refusal } from "../../src/server/refusal";
import { weeklyScheduleOf } from "../../src/shared/weekly-schedule";
import { bulkBooking } from "../support/server-bookings";
import { openTestDatabase, type TestDatabase } from "../support/server-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

const MONDAY = "2026-03-02";

/** A business open 09:00–12:00 on Mondays, 10 minutes before and 5 after each appointment by default. */
async function practice() {
  const { db } = database.handle;
  const business = await insertBusiness(db, {
    name: "Finder Dental",
    timezone: "America/New_York",
    bufferBeforeMinutes: 10,
    bufferAfterMinutes: 5,
    minimumNoticeMinutes: 0,
  });
  await replaceWeeklySchedule(db, business.id, weeklyScheduleOf([1], { start: "09:00", end: "12:00" }));
  const rows = await db
    .insert(services)
    .values([
      { businessId: business.id, name: "Cleaning", durationMinutes: 30 },
      {
        businessId: business.id,
        name: "Whitening",
        durationMinutes: 30,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 30,
      },
    ])
    .returning({ id: services.id, name: services.name });
  const idOf = (name: string) => rows.find((row) => row.name === name)!.id;
  return { businessId: business.id, cleaning: idOf("Cleaning"), whitening: idOf("Whitening") };
}

/** A 30-minute booking at `start`, no buffers of its own. */
const booking = (start: string, status: BulkBooking["status"]): BulkBooking =>
  bulkBooking({ startTime: new Date(start), createdAt: new Date("2026-02-01T12:00:00Z"), status });

const SYSTEM = { kind: "system", id: null, name: "Test" } as const;

describe("the slot finder", () => {
  it("keeps the service's buffers clear of the business's bookings (cancelled ones and other businesses' aside)", async () => {
    const { businessId, cleaning, whitening } = await practice();
    const other = await practice();
    // 10:00–10:30 in New York is taken; 09:00–09:30 was, until it was cancelled; the other practice's 11:00.
    await insertBookings(
      database.handle.db,
      businessId,
      [booking("2026-03-02T15:00:00Z", "confirmed"), booking("2026-03-02T14:00:00Z", "cancelled")],
      SYSTEM,
    );
    await insertBookings(
      database.handle.db,
      other.businessId,
      [booking("2026-03-02T16:00:00Z", "pending")],
      SYSTEM,
    );
    const findSlots = createSlotFinder({
      db: database.handle.db,
      clock: () => new Date("2026-03-01T12:00:00Z"),
    });
    const startsOf = async (serviceId: string) =>
      (await findSlots(businessId, { serviceId, from: MONDAY, to: MONDAY })).slots.map((slot) =>
        slot.start.slice(11, 16),
      );

    // The business's buffers: [start − 10, end + 5] must clear 10:00–10:30.
    expect(await startsOf(cleaning)).toEqual(["09:00", "09:15", "10:45", "11:00", "11:15", "11:30"]);
    // The service's own: none before, 30 minutes after.
    expect(await startsOf(whitening)).toEqual(["09:00", "10:30", "10:45", "11:00", "11:15", "11:30"]);
  });

  it("finds no service of another business", async () => {
    const ours = await practice();
    const theirs = await practice();
    const findSlots = createSlotFinder({
      db: database.handle.db,
      clock: () => new Date("2026-03-01T12:00:00Z"),
    });
    const query = { serviceId: theirs.cleaning, from: MONDAY, to: MONDAY };
    await expect(findSlots(ours.businessId, query)).rejects.toEqual(
      expect.objectContaining({ code: "NOT_FOUND" }),
    );
    await expect(findSlots(ours.businessId, query)).rejects.toBeInstanceOf(Refusal);
    expect((await findSlots(theirs.businessId, query)).slots).toHaveLength(11);
  });
});
