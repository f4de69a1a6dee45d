import type { Clock } from "../../src/server/clock";

export type TestClock = Clock & { advance(ms: number): void; set(date: Date): void };

/** A clock that moves only when told: expiry, throttle windows and grace are tested without sleeping. */
export function createTestClock(start = new Date("2026-03-02T12:00:00.000Z")): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const DAY = 24 * 60 * MINUTE;
