import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BusyIntervalSource } from "../../src/server/availability/busy-intervals";
import { createSlotFinder } from "../../src/server/availability/slot-finder";
import { services } from "../../src/server/db/schema/services.schema";
import { Refusal } from "../../src/server/refusal";
import { insertBusiness } from "../../src/server/repos/businesses.repo";
import { replaceWeeklySchedule } from "../../src/server/repos/weekly-hours.repo";
import { weeklyScheduleOf } from "../../src/shared/weekly-schedule";
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

describe("the slot finder", () => {
  it("asks its busy source about the days asked, widened by the service's buffers, and keeps clear of it", async () => {
    const { businessId, cleaning, whitening } = await practice();
    const asked: { businessId: string; start: Date; end: Date }[] = [];
    // 10:00–10:30 in New York is taken (a booking, later a calendar event).
    const busy: BusyIntervalSource = async (id, window) => {
      asked.push({ businessId: id, ...window });
      return [{ start: new Date("2026-03-02T15:00:00Z"), end: new Date("2026-03-02T15:30:00Z") }];
    };
    const findSlots = createSlotFinder({
      db: database.handle.db,
      clock: () => new Date("2026-03-01T12:00:00Z"),
      busy,
    });
    const startsOf = async (serviceId: string) =>
      (await findSlots(businessId, { serviceId, from: MONDAY, to: MONDAY })).slots.map((slot) =>
        slot.start.slice(11, 16),
      );

    // The business's buffers: [start − 10, end + 5] must clear 10:00–10:30.
    expect(await startsOf(cleaning)).toEqual(["09:00", "09:15", "10:45", "11:00", "11:15", "11:30"]);
    expect(asked).toEqual([
      {
        businessId,
        start: new Date("2026-03-02T04:50:00Z"), // local midnight less 10 minutes
        end: new Date("2026-03-05T05:05:00Z"), // midnight ending the second day after, plus 5 (an appointment may run on)
      },
    ]);
    // The service's own: none before, 30 minutes after.
    expect(await startsOf(whitening)).toEqual(["09:00", "10:30", "10:45", "11:00", "11:15", "11:30"]);
  });

  it("finds no service of another business", async () => {
    const ours = await practice();
    const theirs = await practice();
    const findSlots = createSlotFinder({
      db: database.handle.db,
      clock: () => new Date("2026-03-01T12:00:00Z"),
      busy: async () => [],
    });
    const query = { serviceId: theirs.cleaning, from: MONDAY, to: MONDAY };
    await expect(findSlots(ours.businessId, query)).rejects.toEqual(
      expect.objectContaining({ code: "NOT_FOUND" }),
    );
    await expect(findSlots(ours.businessId, query)).rejects.toBeInstanceOf(Refusal);
    expect((await findSlots(theirs.businessId, query)).slots).toHaveLength(11);
  });
});
