import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/client/lib/api-client";
import { parseRetryAfter } from "../../src/client/lib/retry-after";
import { MAX_DELAY_MS, MAX_RETRIES, retryDelay, shouldRetry } from "../../src/client/lib/retry-policy";

const failed = (status: number | undefined, retryAfter?: number) =>
  new ApiError("failed", { status, ...(retryAfter === undefined ? {} : { retryAfter }) });

describe("spec 9's retry policy", () => {
  it("waits 1 s, 2 s, 4 s … doubling up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((count) => retryDelay(count, failed(500)))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it("retries network and server failures three times, then gives up", () => {
    for (const error of [failed(undefined), failed(500), failed(503), failed(408), failed(429)]) {
      expect([0, 1, 2, 3].map((count) => shouldRetry(count, error))).toEqual([true, true, true, false]);
    }
    expect(MAX_RETRIES).toBe(3);
  });

  it("treats a 4xx other than 408 and 429 as final at once", () => {
    for (const status of [400, 401, 403, 404, 409, 413]) expect(shouldRetry(0, failed(status))).toBe(false);
  });

  it("waits as long as Retry-After asks on 429 and 503, never less than the backoff", () => {
    expect(retryDelay(0, failed(429, 5))).toBe(5000);
    expect(retryDelay(0, failed(503, 12))).toBe(12_000);
    expect(retryDelay(2, failed(503, 1))).toBe(4000);
    expect(retryDelay(0, failed(429, 0))).toBe(1000);
    // Other statuses carry no promise about when to come back.
    expect(retryDelay(0, failed(500, 20))).toBe(1000);
  });

  it("shows the error at once when Retry-After asks for a longer wait than the policy ever makes", () => {
    expect(shouldRetry(0, failed(429, MAX_DELAY_MS / 1000))).toBe(true);
    expect(shouldRetry(0, failed(429, MAX_DELAY_MS / 1000 + 1))).toBe(false);
    expect(shouldRetry(0, failed(503, 900))).toBe(false);
  });
});

describe("Retry-After", () => {
  const now = Date.parse("2026-11-23T08:00:00Z");

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP date as the seconds until then, none for a date already past", () => {
    expect(parseRetryAfter("Mon, 23 Nov 2026 08:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Mon, 23 Nov 2026 07:59:00 GMT", now)).toBe(0);
  });

  it("ignores what it cannot read", () => {
    for (const value of [null, undefined, "", "soon", "-5", "1.5"])
      expect(parseRetryAfter(value, now)).toBe(undefined);
  });
});
