import { describe, expect, it } from "vitest";
import {
  bookingsChanged,
  bookingsReadMark,
  isBookingsReadCurrent,
} from "../../src/server/bookings/booking-changes-seen";

describe("when bookings last changed", () => {
  it("takes a read begun before a write for stale, and one begun after it for current", () => {
    const business = crypto.randomUUID();
    const other = crypto.randomUUID();
    const before = bookingsReadMark();
    expect(isBookingsReadCurrent(business, before)).toBe(true);
    bookingsChanged(business);
    expect(isBookingsReadCurrent(business, before)).toBe(false);
    // Another business's write leaves this one's reads alone.
    expect(isBookingsReadCurrent(other, before)).toBe(true);
    const after = bookingsReadMark();
    expect(isBookingsReadCurrent(business, after)).toBe(true);
    bookingsChanged(other);
    expect(isBookingsReadCurrent(business, after)).toBe(true);
    expect(isBookingsReadCurrent(other, after)).toBe(false);
  });

  it("forgets nothing it should not: past 10,000 businesses every earlier read is stale", () => {
    const business = crypto.randomUUID();
    const read = bookingsReadMark();
    for (let i = 0; i < 10_001; i++) bookingsChanged(crypto.randomUUID());
    expect(isBookingsReadCurrent(business, read)).toBe(false);
    expect(isBookingsReadCurrent(business, bookingsReadMark())).toBe(true);
  });
});
