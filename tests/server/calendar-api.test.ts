import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarAccess } from "../../src/server/calendar/calendar-access";
import {
  type CalendarApi,
  CalendarApiError,
  createCalendarApi,
} from "../../src/server/calendar/calendar-api";
import { type FakeGoogleCalendar, startFakeGoogleCalendar } from "../support/fake-google-calendar";

const CALENDAR = "owner@example.com";
const EVENT = {
  summary: "Dentist",
  start: { dateTime: "2026-03-03T15:00:00Z" },
  end: { dateTime: "2026-03-03T16:00:00Z" },
};

let fake: FakeGoogleCalendar;
/** Each grant hands out the next token of the list (a refresh), the last one for good. */
let tokens: string[];
let grants = 0;
const access: CalendarAccess = {
  async grantFor() {
    grants += 1;
    return { accessToken: tokens.length > 1 ? tokens.shift()! : tokens[0]!, calendarId: CALENDAR };
  },
  async markBroken() {},
  async grantOfRemoved() {
    throw new Error("not asked here");
  },
};
let api: CalendarApi;
beforeAll(async () => {
  fake = await startFakeGoogleCalendar();
  api = createCalendarApi({ baseUrl: fake.url, access });
});
afterAll(() => fake?.close());

/** The CalendarApiError a call fails with. */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => {
      if (!(error instanceof CalendarApiError)) throw error;
      return error;
    },
  );

describe("Google Calendar API client", () => {
  it("asks for a grant again once when Google refuses the token (401), and calls with the new one", async () => {
    tokens = ["revoked-token", "fresh-token"];
    grants = 0;
    fake.refuseToken("revoked-token");
    const event = await api.insertEvent("business", EVENT);
    expect(event).toMatchObject({ summary: "Dentist", status: "confirmed", id: expect.any(String) });
    expect(grants).toBe(2);
    tokens = ["revoked-token"];
    expect(await failureOf(api.getEvent("business", event.id))).toMatchObject({ failure: "unauthorized" });
  });

  it("classifies Google's refusals: rate limits with Retry-After, a taken id, a stale sync token, a deleted calendar", async () => {
    tokens = ["token"];
    fake.rateLimit(7, 1, 403);
    expect(await failureOf(api.insertEvent("business", EVENT))).toMatchObject({
      failure: "rateLimited",
      status: 403,
      reason: "rateLimitExceeded",
      retryAfterSeconds: 7,
    });
    const id = "calldesk0123456789abcdef0123456789abcdef";
    await api.insertEvent("business", { id, ...EVENT });
    expect(await failureOf(api.insertEvent("business", { id, ...EVENT }))).toMatchObject({
      failure: "conflict",
    });
    const { nextSyncToken } = await api.listEvents("business", {});
    fake.expireSyncTokens(CALENDAR);
    expect(await failureOf(api.listEvents("business", { syncToken: nextSyncToken! }))).toMatchObject({
      failure: "gone",
      reason: "fullSyncRequired",
    });
    await api.deleteEvent("business", id);
    expect(await failureOf(api.deleteEvent("business", id))).toMatchObject({ failure: "gone" });
    fake.outage(true);
    expect(await failureOf(api.getEvent("business", id))).toMatchObject({
      failure: "unavailable",
      status: 503,
    });
    fake.outage(false);
    fake.deleteCalendar(CALENDAR);
    expect(await failureOf(api.insertEvent("business", EVENT))).toMatchObject({ failure: "notFound" });
    const range = { timeMin: new Date("2026-03-01T00:00:00Z"), timeMax: new Date("2026-03-31T00:00:00Z") };
    expect(await failureOf(api.freeBusy("business", range))).toMatchObject({ failure: "notFound" });
    fake.restoreCalendar(CALENDAR);
    expect(await api.freeBusy("business", range)).toEqual([
      { start: new Date("2026-03-03T15:00:00Z"), end: new Date("2026-03-03T16:00:00Z") },
    ]);
  });
});
