import { describe, expect, it } from "vitest";
import {
  isoWithOffset,
  placeWallTime,
  utcMilliseconds,
  type WallTime,
  wallTimeAt,
  zoneOffsetsBetween,
} from "../../src/shared/zoned-time";

const HOUR = 3_600_000;

/** The offset as Intl reads it at one instant: what the zone's clock shows, less UTC. */
const intlOffset = (epochMs: number, timeZone: string) => {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return utcMilliseconds({ ...wallTimeAt(new Date(whole), timeZone), millisecond: 0 }) - whole;
};

const wall = (text: string): WallTime => {
  const [date, time] = text.split("T");
  const [year, month, day] = date!.split("-").map(Number);
  const [hour, minute] = time!.split(":").map(Number);
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: 0, millisecond: 0 };
};

describe("zone offsets read once for a stretch of time", () => {
  it.each([
    "Europe/Warsaw",
    "America/New_York",
    "Australia/Lord_Howe", // moves by half an hour
    "America/St_Johns", // -03:30 / -02:30
    "Africa/Casablanca", // leaves and rejoins +01:00 around Ramadan, weeks apart
    "Pacific/Chatham", // +13:45 / +12:45
    "Asia/Kolkata",
  ])("agree with Intl across 2026 in %s, each change to the second", (timeZone) => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    const end = Date.parse("2027-01-01T00:00:00Z");
    const zone = zoneOffsetsBetween(timeZone, start, end);
    let changes = 0;
    for (let t = start; t < end; t += 3 * HOUR + 17 * 60_000) {
      expect(zone.offsetAt(t)).toBe(intlOffset(t, timeZone));
      const earlier = t - 3 * HOUR - 17 * 60_000;
      if (t > start && zone.offsetAt(earlier) !== zone.offsetAt(t)) {
        changes++;
        // Find the change minute by minute from the sample before it: on each side of it, the zone answers as Intl.
        let at = earlier;
        while (intlOffset(at, timeZone) === intlOffset(earlier, timeZone)) at += 60_000;
        expect(zone.offsetAt(at - 1000)).toBe(intlOffset(at - 1000, timeZone));
        expect(zone.offsetAt(at)).toBe(intlOffset(at, timeZone));
      }
    }
    expect(changes).toBe(timeZone === "Asia/Kolkata" ? 0 : 2);
  });

  it("places local times as the first instant the clocks show them or later", () => {
    const warsaw = zoneOffsetsBetween("Europe/Warsaw", Date.parse("2026-03-01"), Date.parse("2026-11-01"));
    const at = (text: string) => new Date(warsaw.firstInstantShowing(wall(text))).toISOString();
    expect(at("2026-03-29T01:59")).toBe("2026-03-29T00:59:00.000Z");
    expect(at("2026-03-29T02:00")).toBe("2026-03-29T01:00:00.000Z"); // skipped: the jump to 03:00
    expect(at("2026-03-29T02:30")).toBe("2026-03-29T01:00:00.000Z");
    expect(at("2026-03-29T03:00")).toBe("2026-03-29T01:00:00.000Z");
    expect(at("2026-10-25T02:30")).toBe("2026-10-25T00:30:00.000Z"); // twice: the first
    expect(at("2026-10-25T03:00")).toBe("2026-10-25T02:00:00.000Z");
    expect(at("2026-06-01T12:00")).toBe("2026-06-01T10:00:00.000Z");
    // The same answers as one wall time placed alone.
    for (const text of ["2026-03-29T02:30", "2026-10-25T02:30", "2026-06-01T12:00"])
      expect(warsaw.place(wall(text))).toEqual(placeWallTime(wall(text), "Europe/Warsaw"));
  });

  it("writes an instant with a given offset, to the second", () => {
    const instant = Date.parse("2026-03-30T07:00:00.750Z");
    expect(isoWithOffset(instant, 2 * HOUR)).toBe("2026-03-30T09:00:00+02:00");
    expect(isoWithOffset(instant, 0)).toBe("2026-03-30T07:00:00+00:00");
    expect(isoWithOffset(instant, -3.5 * HOUR)).toBe("2026-03-30T03:30:00-03:30");
    expect(isoWithOffset(instant, 5.75 * HOUR)).toBe("2026-03-30T12:45:00+05:45");
    expect(Date.parse(isoWithOffset(instant, -4 * HOUR))).toBe(Date.parse("2026-03-30T07:00:00Z"));
  });
});
