import { describe, expect, it } from "vitest";
import { writesIn, writesOutside } from "../support/single-writer";

// Bookings, their timeline and the outbox are written in one module only
// (src/server/repos/bookings-write.repo.ts): anything else would bypass the booking rule, the version, the
// timeline or the outbox row that must go with each change. Their counters (booking_counts) are written by
// the triggers of migration 0016 alone.

const WRITER = "src/server/repos/bookings-write.repo.ts";

const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(bookings|booking_events|outbox|booking_counts)"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*(bookings|bookingEvents|outbox|bookingCounts)\s*\)/,
];

/** The places in `text` that write bookings, booking events or outbox rows: line numbers with the line. */
const bookingWrites = writesIn(WRITES);

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
});
