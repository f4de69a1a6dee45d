import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditList } from "../../src/shared/audit.schema";
import type { CalendarConnect } from "../../src/shared/calendar.schema";
import type { FakeBotApi } from "../support/fake-bot-api";
import { FAKE_GOOGLE_EMAIL, type FakeGoogleOAuth } from "../support/fake-google-oauth";
import { type SignedIn, signUp } from "../support/server-accounts";
import { dataOf } from "../support/server-calls";
import type { TestServer } from "../support/server-harness";
import { startServerWithFakes } from "../support/server-with-fakes";

let bot: FakeBotApi;
let google: FakeGoogleOAuth;
let server: TestServer;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ bot, google, server, close } = await startServerWithFakes());
});
afterAll(() => close());

const post = (staff: SignedIn, path: string, json?: unknown) =>
  server.request(path, { method: "POST", json, accessToken: staff.accessToken });

const actionsOf = async (staff: SignedIn) =>
  (await dataOf<AuditList>(await server.request("/api/audit", { accessToken: staff.accessToken }))).data;

/** The connect popup as the portal opens it: Google's consent as decided, the callback in the same browser. */
async function connectCalendar(staff: SignedIn, decision: { deny?: boolean } = {}) {
  const started = await server.request("/api/calendar/connect", { accessToken: staff.accessToken });
  const { authUrl } = await dataOf<CalendarConnect>(started);
  const cookie = started.headers.getSetCookie().find((c) => c.startsWith("calldesk_calendar_state="))!;
  const callbackUrl = await google.authorize(authUrl, decision);
  const page = await fetch(callbackUrl, { headers: { cookie: cookie.split(";")[0]! } });
  expect(page.status).toBe(200);
}

describe("connections in the audit log", () => {
  it("records a Telegram chat connected and disconnected by whom, without the chat", async () => {
    const staff = await signUp(server);
    expect((await post(staff, "/api/telegram/connect", { chatId: 7_654_321 })).status).toBe(200);
    await bot.waitForMessages(7_654_321, 1);
    expect((await post(staff, "/api/telegram/disconnect")).status).toBe(200);
    const log = await actionsOf(staff);
    expect(log).toMatchObject([
      { action: "telegram.disconnected", actor: { kind: "user", email: staff.user.email }, details: {} },
      { action: "telegram.connected", actor: { kind: "user", email: staff.user.email }, details: {} },
      { action: "account.signed_up" },
    ]);
    expect(JSON.stringify(log)).not.toContain("7654321");
  });

  it("records a Google Calendar connected (by who started it) and disconnected, without the account", async () => {
    const staff = await signUp(server);
    await connectCalendar(staff, { deny: true });
    expect((await actionsOf(staff)).map((entry) => entry.action)).toEqual(["account.signed_up"]);
    await connectCalendar(staff);
    expect((await post(staff, "/api/calendar/disconnect")).status).toBe(200);
    const log = await actionsOf(staff);
    expect(log).toMatchObject([
      { action: "calendar.disconnected", actor: { kind: "user", email: staff.user.email }, details: {} },
      { action: "calendar.connected", actor: { kind: "user", email: staff.user.email }, details: {} },
      { action: "account.signed_up" },
    ]);
    expect(JSON.stringify(log)).not.toContain(FAKE_GOOGLE_EMAIL);
  });
});
