import { describe, expect, it } from "vitest";
import { writesIn, writesOutside } from "../support/single-writer";

// Bookings, their timeline and their outbox rows are written in one module only
// (src/server/bookings/bookings-write.repo.ts): anything else would bypass the booking rule, the version, the
// timeline or the outbox row that must go with each change. Their counters (booking_counts) are written by
// the triggers of migration 0016 alone. The outbox has one more writer in TypeScript, Telegram delivery's
// upkeep (deleting delivered rows), and one more in the calendar's connect (a calendar connected afresh is queued
// the bookings still to come, calendar-connection.repo.ts); a missed call's row is written inside calls_report_batch (migration 0021),
// which only the calls writer calls (call-writers.test.ts).

const WRITER = "src/server/bookings/bookings-write.repo.ts";
const OUTBOX_WRITERS = [
  WRITER,
  "src/server/telegram/telegram-delivery.repo.ts",
  "src/server/calendar/calendar-connection.repo.ts",
];

const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(bookings|booking_events|booking_counts)"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*(bookings|bookingEvents|bookingCounts)\s*\)/,
];
const OUTBOX_WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?outbox"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*outbox\s*\)/,
];

/** The places in `text` that write bookings, booking events or outbox rows: line numbers with the line. */
const bookingWrites = writesIn([...WRITES, ...OUTBOX_WRITES]);

describe("writers of bookings", () => {
  it("recognises each kind of write it guards against", () => {
    expect(bookingWrites("insert into bookings (id) values (1)")).toHaveLength(1);
    expect(bookingWrites('  update "bookings" set status = 1')).toHaveLength(1);
    expect(bookingWrites("delete from booking_events where 1")).toHaveLength(1);
    expect(bookingWrites("insert into outbox (topic) values ('x')")).toHaveLength(1);
    expect(bookingWrites("await tx.insert(bookingEvents).values({})")).toHaveLength(1);
    expect(bookingWrites("await db.update(bookings).set({})")).toHaveLength(1);
    expect(bookingWrites("db.delete(outbox)")).toHaveLength(1);
    expect(bookingWrites("update booking_counts set n = 0")).toHaveLength(1);
    expect(bookingWrites("select * from bookings where id = $1 for update")).toHaveLength(0);
    expect(bookingWrites("db.select().from(bookings)")).toHaveLength(0);
  });

  it("are only the one module", () => {
    const { offenders, inWriter } = writesOutside(WRITER, WRITES);
    expect(offenders).toEqual([]);
    expect(inWriter).toBeGreaterThan(0);
  });

  it("leave the outbox to its two writers", () => {
    const { offenders, inWriter } = writesOutside(OUTBOX_WRITERS, OUTBOX_WRITES);
    expect(offenders).toEqual([]);
    expect(inWriter).toBeGreaterThan(0);
  });
});
