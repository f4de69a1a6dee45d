import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { countTenantRows } from "../../src/server/privacy/tenant-rows.repo";
import type { AssistantBooking } from "../../src/shared/booking.schema";
import type { CalendarConnect } from "../../src/shared/calendar.schema";
import type { FakeBotApi } from "./fake-bot-api";
import type { FakeGoogleOAuth } from "./fake-google-oauth";
import { callVapiTools, connectVapi, deliverVapi, vapiToolCallsBody } from "./platform-deliveries";
import { signIn } from "./server-accounts";
import { bookAsAssistant, openPractice, type Practice } from "./server-bookings";
import { dataOf, reportCall } from "./server-calls";
import type { TestServer } from "./server-harness";

/** A test server with a fake Telegram and a fake Google behind it (CALENDAR_TOKEN_KEY set). */
export type ConnectedServer = { server: TestServer; bot: FakeBotApi; google: FakeGoogleOAuth };

export type BusyBusiness = Practice & { chatId: number; password: string };

let nextChat = 9_100_000;

/**
 * A business with at least one row in every tenant table: through the API where a flow writes them
 * (calls, bookings, Telegram and Google connected, a connect under way, a second sign-in, a voice platform
 * connected, a delivery of it refused and a tool call of it answered), in SQL for what
 * only a background delivery would write (calendar events and busy times, Telegram buttons, purge counts and
 * purged calls).
 * Fails when a tenant table stays empty, so a table added later is filled here too.
 */
export async function openBusyBusiness({ server, bot, google }: ConnectedServer): Promise<BusyBusiness> {
  const practice = await openPractice(server);
  const { businessId, staff } = practice;
  const auth = { accessToken: staff.accessToken };
  await signIn(server, staff.user.email, "correct horse");
  expect(
    (
      await reportCall(server, practice.key, {
        externalId: `call-${businessId}`,
        callerNumber: "+1 555 0100",
        callerName: "Ada Lovelace",
        startedAt: "2026-03-02T10:00:00Z",
        status: "completed",
        summary: 'Booked a cleaning, "soon", please.',
        transcript: [{ speaker: "caller", text: "Hello, this is Ada.\nCall me back.", offsetSeconds: 1 }],
        recordingUrl: "https://recordings.example.com/a.mp3",
      })
    ).status,
  ).toBe(201);
  const booking = await dataOf<AssistantBooking>(
    await bookAsAssistant(server, practice, { startTime: "2026-03-03T10:00:00-05:00" }),
  );

  const chatId = nextChat++;
  expect((await server.request("/api/telegram/connect", { json: { chatId }, ...auth })).status).toBe(200);
  await bot.waitForMessages(chatId, 1);
  expect((await server.request("/api/telegram/link", { method: "POST", ...auth })).status).toBe(201);

  // Google's popup all the way through, then one more started and left under way.
  const connect = async () => {
    const started = await server.request("/api/calendar/connect", auth);
    const { authUrl } = await dataOf<CalendarConnect>(started);
    const cookie = started.headers.getSetCookie().find((c) => c.startsWith("calldesk_calendar_state="))!;
    return { authUrl, cookie: cookie.split(";")[0]! };
  };
  const first = await connect();
  const page = await fetch(await google.authorize(first.authUrl, {}), { headers: { cookie: first.cookie } });
  expect(page.status).toBe(200);
  await connect();

  // A voice platform connected, one of its deliveries turned away (no call of it to count), and a tool call
  // of it answered.
  const vapi = await connectVapi(server, staff);
  const refused = await deliverVapi(server, { _id: vapi._id, secret: "not-the-secret" }, "{}");
  expect(refused.status).toBe(401);
  const slots = { name: "find_free_slots", args: { service: "Cleaning", date: "2026-03-03" } };
  expect((await callVapiTools(server, vapi, vapiToolCallsBody([slots]))).results).toHaveLength(1);

  await server.db.execute(sql`
    insert into blackout_dates (business_id, start_date, end_date, reason)
      values (${businessId}::uuid, '2026-12-24', '2026-12-26', 'Holidays')`);
  await server.db.execute(sql`
    insert into calendar_busy (business_id, starts_at, ends_at)
      values (${businessId}::uuid, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z')`);
  await server.db.execute(sql`
    insert into calendar_events (booking_id, business_id, event_id, booking_version, synced_at)
      values (${booking.id}::uuid, ${businessId}::uuid, ${`event-${booking.id}`}, 1, now())`);
  await server.db.execute(sql`
    insert into telegram_buttons (token, business_id, booking_id, booking_version)
      values (${`button-${booking.id}`}, ${businessId}::uuid, ${booking.id}::uuid, 1)`);
  await server.db.execute(sql`
    insert into purged_call_counts (business_id, status, n) values (${businessId}::uuid, 'completed', 3)`);
  await server.db.execute(sql`
    insert into purged_calls (business_id, external_id_digest, call_id)
      values (${businessId}::uuid, calls_external_digest('purged-call'), gen_random_uuid())`);

  const empty = [...(await countTenantRows(server.db, businessId))].filter(([, n]) => n === 0);
  expect(empty.map(([name]) => name)).toEqual([]);
  return { ...practice, chatId, password: "correct horse" };
}
