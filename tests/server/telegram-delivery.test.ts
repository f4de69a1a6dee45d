import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../src/server/db/database";
import { postgresDatabase } from "../../src/server/db/open-database";
import { rawRows } from "../../src/server/db/raw-rows";
import { createLogger } from "../../src/server/logger";
import { DUE_AT_ONCE, markCursorBroken } from "../../src/server/outbox/outbox-cursor.repo";
import { OUTBOX_KEEP_DAYS, outboxPurgeJob } from "../../src/server/outbox/outbox-purge";
import { createBotApi } from "../../src/server/telegram/bot-api";
import { createTelegramDelivery } from "../../src/server/telegram/delivery-worker";
import { moveTelegramChat } from "../../src/server/telegram/telegram-link.repo";
import type { AuditList } from "../../src/shared/audit.schema";
import type { LanguageCode } from "../../src/shared/languages";
import type { TelegramStatus } from "../../src/shared/telegram.schema";
import { type FakeBotApi, startFakeBotApi } from "../support/fake-bot-api";
import {
  assistantBookingOf,
  bookAsAssistant,
  openPractice,
  staffBooking,
  staffPut,
  staffPutAt,
} from "../support/server-bookings";
import { dataOf, reportCall } from "../support/server-calls";
import { DAY, MINUTE, SECOND } from "../support/server-clock";
import { startTestServer, type TestServer } from "../support/server-harness";

/** Where links to the portal point (the origin check would refuse requests under APP_ORIGIN). */
const PUBLIC_URL = "https://portal.example.com";

let fake: FakeBotApi;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeBotApi();
  server = await startTestServer({ env: { ...fake.env, PUBLIC_URL } });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

let nextChat = 7_000_001;

/** The business's last outbox row in delivery order (see telegram-delivery.repo.ts). */
const newestRow = (businessId: string) =>
  sql`select xid, id from outbox where business_id = ${businessId}::uuid order by xid desc, id desc limit 1`;

/** A practice (New York) whose Telegram chat is connected as the connect route does: from the newest row on. */
async function connected(options: { language?: LanguageCode; timezone?: string; chatId?: number } = {}) {
  const practice = await openPractice(server);
  const chatId = options.chatId ?? nextChat++;
  await server.db.execute(
    sql`update businesses set language = ${options.language ?? "en"},
      timezone = ${options.timezone ?? "America/New_York"} where id = ${practice.businessId}::uuid`,
  );
  await server.db.execute(
    sql`insert into telegram_connections (business_id, chat_id, delivered_through_xid, delivered_through_id,
        next_attempt_at)
      select ${practice.businessId}::uuid, ${chatId}, coalesce(newest.xid, '0'), coalesce(newest.id, 0),
        ${server.clock().toISOString()}::timestamptz
      from (select 1) one left join lateral (${newestRow(practice.businessId)}) newest on true`,
  );
  return { ...practice, chatId };
}

type Connection = {
  deliveredThroughId: number;
  newest: number;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  brokenAt: string | null;
  brokenReason: string | null;
};

async function connectionOf(businessId: string): Promise<Connection> {
  const [row] = await rawRows<Connection>(
    server.db,
    sql`select t.delivered_through_id::int as "deliveredThroughId",
        coalesce((select id from (${newestRow(businessId)}) newest), 0)::int as newest,
        t.attempts, to_char(t.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "nextAttemptAt",
        t.last_error as "lastError", t.broken_at::text as "brokenAt", t.broken_reason as "brokenReason"
      from telegram_connections t where t.business_id = ${businessId}::uuid`,
  );
  return row!;
}

/** Waits (polling the database) until `check` holds for the business's connection. */
const connectionUntil = (businessId: string, check: (c: Connection) => boolean, timeout = 15_000) =>
  vi.waitFor(
    async () => {
      const connection = await connectionOf(businessId);
      if (!check(connection)) throw new Error(`connection not there yet: ${JSON.stringify(connection)}`);
      return connection;
    },
    { timeout, interval: 20 },
  );

/** Waits until every outbox row of the business has been passed, then answers the chat's messages. */
async function allDelivered(practice: { businessId: string; chatId: number }) {
  await connectionUntil(practice.businessId, (c) => c.deliveredThroughId === c.newest);
  return fake.messages(practice.chatId);
}

const TUESDAY_10_NY = "2026-03-03T10:00:00-05:00";
const at = (iso: string) => new Date(iso).toISOString();

describe("Telegram messages", () => {
  const expectedTexts: Record<"en" | "pl", (staff: string) => string[]> = {
    en: (staff) => [
      "New booking\nCleaning for Ada Lovelace\nPhone: +15550001111\nWhen: Tue, Mar 3, 2026, 10:00 AM EST\nBooked by the voice assistant during a call",
      `Booking rescheduled\nCleaning for Ada Lovelace\nPhone: +15550001111\nMoved from Tue, Mar 3, 2026, 10:00 AM EST to Wed, Mar 4, 2026, 11:30 AM EST\nChanged by ${staff}`,
      `Booking confirmed\nCleaning for Ada Lovelace\nPhone: +15550001111\nWhen: Wed, Mar 4, 2026, 11:30 AM EST\nChanged by ${staff}`,
      `Booking completed\nCleaning for Ada Lovelace\nPhone: +15550001111\nWhen: Wed, Mar 4, 2026, 11:30 AM EST\nChanged by ${staff}`,
      `Booking cancelled\nCleaning for Walk In\nPhone: +15559990000\nWhen: Thu, Mar 5, 2026, 09:00 AM EST\nChanged by ${staff}`,
    ],
    pl: (staff) => [
      "Nowa rezerwacja\nCleaning dla: Ada Lovelace\nTelefon: +15550001111\nTermin: wt., 3 mar 2026, 10:00 GMT-5\nZarezerwowane przez asystenta głosowego podczas rozmowy",
      `Rezerwacja przełożona\nCleaning dla: Ada Lovelace\nTelefon: +15550001111\nPrzeniesiono z wt., 3 mar 2026, 10:00 GMT-5 na śr., 4 mar 2026, 11:30 GMT-5\nZmienione przez: ${staff}`,
      `Rezerwacja potwierdzona\nCleaning dla: Ada Lovelace\nTelefon: +15550001111\nTermin: śr., 4 mar 2026, 11:30 GMT-5\nZmienione przez: ${staff}`,
      `Rezerwacja zrealizowana\nCleaning dla: Ada Lovelace\nTelefon: +15550001111\nTermin: śr., 4 mar 2026, 11:30 GMT-5\nZmienione przez: ${staff}`,
      `Rezerwacja anulowana\nCleaning dla: Walk In\nTelefon: +15559990000\nTermin: czw., 5 mar 2026, 09:00 GMT-5\nZmienione przez: ${staff}`,
    ],
  };

  for (const language of ["en", "pl"] as const) {
    it(`tells the chat of every change of a booking in the business's language (${language}) and timezone`, async () => {
      const practice = await connected({ language });
      const booked = await bookAsAssistant(server, practice, { startTime: TUESDAY_10_NY });
      expect(booked.status).toBe(201);
      const { id } = await assistantBookingOf(booked);
      const moved = at("2026-03-04T11:30:00-05:00");
      await staffPut(server, practice.staff, id, {
        status: "pending",
        startTime: moved,
        endTime: moved,
        outsideHours: true,
      });
      await staffPut(server, practice.staff, id, { status: "confirmed" });
      // Completed once the appointment has started, by the server's clock.
      await staffPutAt(server, practice.staff, id, { status: "completed" }, new Date(moved));
      const walkIn = await staffBooking(server, practice, "Walk In", "2026-03-05T09:00:00-05:00");
      await staffPut(server, practice.staff, walkIn._id, { status: "cancelled" });

      await fake.waitForMessages(practice.chatId, 6);
      const messages = await allDelivered(practice);
      const staff = practice.staff.user.email;
      // The walk-in's creation (the 5th row) comes between the completion and its cancellation.
      const texts = messages.map((m) => m.text);
      expect([...texts.slice(0, 4), texts[5]]).toEqual(expectedTexts[language](staff));
      expect(texts).toHaveLength(6);
      // Only a pending booking's message may carry buttons: never a confirmation, completion or cancellation.
      expect(
        messages
          .slice(2)
          .filter((m) => m !== messages[4])
          .map((m) => m.replyMarkup),
      ).toEqual([null, null, null]);
    });
  }

  it("offers Confirm and Cancel, labelled in the business's language, on a message about a booking still pending", async () => {
    const practice = await connected({ language: "de" });
    await staffBooking(server, practice, "Grace Hopper", "2026-03-06T09:00:00-05:00");
    const [message] = await fake.waitForMessages(practice.chatId, 1);
    expect(message!.text).toContain("Neue Buchung\nCleaning für Grace Hopper");
    const buttons = message!.replyMarkup!.inline_keyboard.flat();
    expect(buttons.map((b) => b.text)).toEqual(["Bestätigen", "Stornieren"]);
    // Opaque: the data names no booking.
    for (const button of buttons) expect(button.callback_data).toMatch(/^(confirm|cancel):[\w-]{16}$/);
  });

  it("tells of a missed call once, with the local time on the night the clocks change and a link to the call", async () => {
    const practice = await connected({ language: "fr" });
    const report = {
      externalId: "missed-1",
      callerNumber: "+1 555 0100",
      callerName: "Linus",
      // 03:30 EDT, half an hour after New York's clocks jumped from 02:00 EST to 03:00 EDT.
      startedAt: "2026-03-08T07:30:00Z",
      status: "missed",
      durationSeconds: 0,
    };
    const first = await reportCall(server, practice.key, report);
    expect(first.status).toBeLessThan(300);
    // The same report again (an assistant's retry) is no news.
    expect((await reportCall(server, practice.key, report)).status).toBeLessThan(300);
    // A call in progress that ends missed is news once it does; a completed one never.
    const live = {
      ...report,
      externalId: "live-1",
      status: "in-progress",
      startedAt: "2026-03-08T08:00:00Z",
    };
    await reportCall(server, practice.key, live);
    await reportCall(server, practice.key, { ...live, status: "missed" });
    await reportCall(server, practice.key, { ...report, externalId: "answered", status: "completed" });

    const messages = await allDelivered(practice);
    const callId = (
      await rawRows<{ id: string }>(
        server.db,
        sql`select id from calls where business_id = ${practice.businessId}::uuid and external_id = 'missed-1'`,
      )
    )[0]!.id;
    expect(messages.map((m) => m.text)).toEqual([
      `Appel manqué\nAppelant : Linus, +1 555 0100\nAppel reçu le dim. 8 mars 2026, 03:30 UTC−4\nOuvrir l’appel dans CallDesk : ${PUBLIC_URL}/calls/${callId}`,
      expect.stringContaining("Appel reçu le dim. 8 mars 2026, 04:00 UTC−4"),
    ]);
  });

  it("names a missed caller whose number was never told in the business's language, not by the stored word", async () => {
    const practice = await connected({ language: "de" });
    const withheld = { callerNumber: "unknown", startedAt: "2026-03-03T15:00:00Z", status: "missed" };
    await reportCall(server, practice.key, { ...withheld, externalId: "web-1" });
    await reportCall(server, practice.key, { ...withheld, externalId: "web-2", callerName: "Ada" });
    const lines = (await allDelivered(practice)).map((m) => m.text.split("\n").slice(0, 2));
    expect(lines).toEqual([
      ["Verpasster Anruf", "Unbekannter Anrufer"],
      ["Verpasster Anruf", "Anrufer: Ada"],
    ]);
  });

  it("does not tell of the missed calls of an imported history", async () => {
    const practice = await connected();
    const calls = Array.from({ length: 5 }, (_, i) => ({
      externalId: `old-${i}`,
      callerNumber: "+1 555 0199",
      startedAt: new Date(Date.UTC(2025, 5, 1) - i * 3_600_000).toISOString(),
      status: "missed",
      durationSeconds: 0,
    }));
    const imported = await server.request("/api/assistant/calls/import", {
      json: { calls },
      headers: { "x-api-key": practice.key },
      origin: null,
    });
    expect(imported.status).toBe(200);
    const [outbox] = await rawRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from outbox where business_id = ${practice.businessId}::uuid`,
    );
    expect(outbox!.n).toBe(0);
  });
});

describe("Telegram delivery", () => {
  it("delivers everything once, in order per chat, after Telegram was unreachable for ten minutes", async () => {
    const first = await connected();
    const second = await connected();
    await fake.outage(true);
    try {
      for (const n of [1, 2, 3])
        await staffBooking(server, first, `First ${n}`, `2026-03-1${n}T09:00:00-04:00`);
      for (const n of [1, 2])
        await staffBooking(server, second, `Second ${n}`, `2026-03-1${n}T09:00:00-04:00`);
      await connectionUntil(first.businessId, (c) => c.attempts >= 1);
      for (let minute = 0; minute < 10; minute++) {
        server.clock.advance(MINUTE);
        const attempts = (await connectionOf(first.businessId)).attempts;
        await server.runDue();
        // Each minute it comes due again (the backoff stays under a minute) and fails again.
        await connectionUntil(first.businessId, (c) => c.attempts > attempts);
      }
      expect((await connectionOf(first.businessId)).lastError).toMatch(/sendMessage failed/);
      expect(fake.messages(first.chatId)).toEqual([]);
    } finally {
      await fake.outage(false);
    }
    server.clock.advance(MINUTE);
    await server.runDue();
    const customers = async (practice: { businessId: string; chatId: number }) =>
      (await allDelivered(practice)).map((m) => m.text.split("\n")[1]);
    expect(await customers(first)).toEqual([
      "Cleaning for First 1",
      "Cleaning for First 2",
      "Cleaning for First 3",
    ]);
    expect(await customers(second)).toEqual(["Cleaning for Second 1", "Cleaning for Second 2"]);
    expect(await connectionOf(first.businessId)).toMatchObject({ attempts: 0, lastError: null });
  });

  it("keeps sending after the server's clock steps back: a chat let go at the later time is due at once", async () => {
    const practice = await connected();
    const today = server.clock();
    server.clock.set(new Date(today.getTime() + 5 * MINUTE));
    try {
      await staffBooking(server, practice, "Ahead", "2026-03-23T09:00:00-04:00");
      await fake.waitForMessages(practice.chatId, 1);
      await allDelivered(practice);
    } finally {
      server.clock.set(today);
    }
    await staffBooking(server, practice, "Behind", "2026-03-24T09:00:00-04:00");
    const messages = await fake.waitForMessages(practice.chatId, 2);
    expect(messages.map((m) => m.text.split("\n")[1])).toEqual(["Cleaning for Ahead", "Cleaning for Behind"]);
  });

  it("waits as long as Telegram's 429 asks, then sends", async () => {
    const practice = await connected();
    fake.rateLimit(30, 1);
    const asked = server.clock().getTime();
    await staffBooking(server, practice, "Patient", "2026-03-20T09:00:00-04:00");
    const postponed = await connectionUntil(practice.businessId, (c) => c.attempts === 1);
    expect(postponed.lastError).toMatch(/429/);
    expect(Date.parse(postponed.nextAttemptAt) - asked).toBe(30 * SECOND);
    server.clock.advance(29 * SECOND);
    expect(fake.messages(practice.chatId)).toEqual([]);
    server.clock.advance(SECOND);
    expect(await fake.waitForMessages(practice.chatId, 1)).toHaveLength(1);
    await allDelivered(practice);
  });

  it("marks the chat broken when the bot is blocked (403), the chat is gone or the bot may not post (400), and keeps its messages", async () => {
    const refusals = [
      [fake.blockChat, /403/],
      [fake.unknownChat, /chat not found/],
      [fake.muteChat, /not enough rights to send text messages/],
    ] as const;
    for (const [refuse, reason] of refusals) {
      const practice = await connected();
      refuse(practice.chatId);
      await staffBooking(server, practice, "Blocked", "2026-03-21T09:00:00-04:00");
      await staffBooking(server, practice, "Waiting", "2026-03-21T10:00:00-04:00");
      const broken = await connectionUntil(practice.businessId, (c) => c.brokenAt !== null);
      expect(broken.brokenReason).toMatch(reason);
      // The messages wait for a reconnect rather than being lost.
      expect(broken.deliveredThroughId).toBeLessThan(broken.newest);
      // Settings shows it (and offers to reconnect).
      const status = await dataOf<TelegramStatus>(
        await server.request("/api/telegram/status", { accessToken: practice.staff.accessToken }),
      );
      expect(status).toMatchObject({ connected: true, brokenAt: expect.any(String) });
      // Connecting the same chat again (the bot unblocked, or allowed to post) delivers what waited, once.
      fake.restoreChat(practice.chatId);
      const reconnect = await server.request("/api/telegram/connect", {
        accessToken: practice.staff.accessToken,
        json: { chatId: practice.chatId },
      });
      expect(reconnect.status).toBe(200);
      const delivered = (await allDelivered(practice)).map((m) => m.text.split("\n")[1]);
      expect(delivered.filter((line) => line !== undefined && /Blocked|Waiting/.test(line))).toEqual([
        "Cleaning for Blocked",
        "Cleaning for Waiting",
      ]);
    }
  });

  it("follows a group Telegram upgraded to a supergroup: the refused message and the next arrive there, once", async () => {
    const group = -(4_000_000_000 + nextChat++);
    const supergroup = -(1_000_000_000_000 + nextChat++);
    const practice = await connected({ chatId: group });
    fake.upgradeGroup(group, supergroup);
    await staffBooking(server, practice, "Upgraded", "2026-03-22T09:00:00-04:00");
    await fake.waitForMessages(supergroup, 1);
    await staffBooking(server, practice, "After", "2026-03-22T10:00:00-04:00");
    await connectionUntil(practice.businessId, (c) => c.deliveredThroughId === c.newest);
    expect(fake.messages(supergroup).map((m) => m.text.split("\n")[1])).toEqual([
      "Cleaning for Upgraded",
      "Cleaning for After",
    ]);
    expect(fake.messages(group)).toEqual([]);
    // The connection is the supergroup's now, whole: the card still says connected.
    const [row] = await rawRows<{ chatId: string }>(
      server.db,
      sql`select chat_id::text as "chatId" from telegram_connections where business_id = ${practice.businessId}::uuid`,
    );
    expect(Number(row!.chatId)).toBe(supergroup);
    expect(await connectionOf(practice.businessId)).toMatchObject({ brokenAt: null, lastError: null });
    const status = await dataOf<TelegramStatus>(
      await server.request("/api/telegram/status", { accessToken: practice.staff.accessToken }),
    );
    expect(status).toMatchObject({ connected: true, brokenAt: null });
    // Recorded once, by the server, without the chat.
    const log = await dataOf<AuditList>(
      await server.request("/api/audit", { accessToken: practice.staff.accessToken }),
    );
    const moves = log.data.filter((entry) => entry.action === "telegram.chat_migrated");
    expect(moves).toMatchObject([{ actor: { kind: "system" }, details: {} }]);
  });

  /** Telegram posts the upgrade's two service messages (the group's last, the supergroup's first). */
  const tellUpgrade = async (group: number, supergroup: number) => {
    for (const update of fake.upgradeGroup(group, supergroup)) {
      expect((await fake.postWebhook(update, { origin: server.url })).status).toBe(200);
    }
  };
  const chatOf = async (businessId: string) =>
    Number(
      (
        await rawRows<{ chatId: string }>(
          server.db,
          sql`select chat_id::text as "chatId" from telegram_connections where business_id = ${businessId}::uuid`,
        )
      )[0]!.chatId,
    );

  it("heals a chat broken by its group's upgrade when the upgrade's updates come: what waited arrives in the supergroup, once", async () => {
    const group = -(4_000_000_000 + nextChat++);
    const supergroup = -(1_000_000_000_000 + nextChat++);
    const practice = await connected({ chatId: group });
    // Broken by the upgrade's refusal (servers did so before they followed it; Telegram may name no supergroup).
    await server.db.execute(
      sql`update telegram_connections set broken_at = now(), next_attempt_at = ${DUE_AT_ONCE.toISOString()}::timestamptz,
        broken_reason = 'Telegram sendMessage failed: 400 Bad Request: group chat was upgraded to a supergroup chat'
        where business_id = ${practice.businessId}::uuid`,
    );
    await staffBooking(server, practice, "Waited", "2026-03-22T11:00:00-04:00");
    await staffBooking(server, practice, "Too", "2026-03-22T12:00:00-04:00");
    await tellUpgrade(group, supergroup);
    await connectionUntil(practice.businessId, (c) => c.deliveredThroughId === c.newest);
    expect(fake.messages(supergroup).map((m) => m.text.split("\n")[1])).toEqual([
      "Cleaning for Waited",
      "Cleaning for Too",
    ]);
    expect(fake.messages(group)).toEqual([]);
    expect(await chatOf(practice.businessId)).toBe(supergroup);
    expect(await connectionOf(practice.businessId)).toMatchObject({ brokenAt: null, brokenReason: null });
    const status = await dataOf<TelegramStatus>(
      await server.request("/api/telegram/status", { accessToken: practice.staff.accessToken }),
    );
    expect(status).toMatchObject({ connected: true, brokenAt: null });
  });

  it("does not break the supergroup on a group's refusal that was on its way when the upgrade came", async () => {
    const group = -(4_000_000_000 + nextChat++);
    const supergroup = -(1_000_000_000_000 + nextChat++);
    const practice = await connected({ chatId: group });
    // A sender holds the chat (its lease) and is sending to the group as the upgrade's update moves it.
    const lease = new Date(server.clock().getTime() + MINUTE);
    await server.db.execute(
      sql`update telegram_connections set next_attempt_at = ${lease.toISOString()}::timestamptz
        where business_id = ${practice.businessId}::uuid`,
    );
    expect(await moveTelegramChat(server.db, { from: group, to: supergroup, now: server.clock() })).toEqual([
      practice.businessId,
    ]);
    // The group's refusal comes back to the holder, which marks its chat broken by its lease.
    await markCursorBroken(server.db, "telegram_connections", {
      businessId: practice.businessId,
      lease,
      now: server.clock(),
      reason: "Telegram sendMessage failed: 403 Forbidden: bot is not a member of the group chat",
    });
    expect(await connectionOf(practice.businessId)).toMatchObject({ brokenAt: null, brokenReason: null });
    expect(await chatOf(practice.businessId)).toBe(supergroup);
  });

  it("tries a chat broken for another reason in the supergroup its group became: it takes what waited, or is broken again with its own refusal", async () => {
    for (const supergroupRefuses of [false, true]) {
      const group = -(4_000_000_000 + nextChat++);
      const supergroup = -(1_000_000_000_000 + nextChat++);
      const practice = await connected({ chatId: group });
      // The bot lost the right to post in the group.
      fake.muteChat(group);
      await staffBooking(server, practice, "Muted", "2026-03-22T13:00:00-04:00");
      const broken = await connectionUntil(practice.businessId, (c) => c.brokenAt !== null);
      expect(broken.brokenReason).toMatch(/not enough rights/);
      if (supergroupRefuses) fake.muteChat(supergroup);
      const sentBefore = fake.calls.length;
      await tellUpgrade(group, supergroup);
      expect(await chatOf(practice.businessId)).toBe(supergroup);
      if (supergroupRefuses) {
        await fake.waitUntil(
          () =>
            fake.calls.slice(sentBefore).some((c) => c.params.chat_id === supergroup) ? true : undefined,
          "a send to the supergroup",
        );
        const again = await connectionUntil(practice.businessId, (c) => c.brokenAt !== null);
        expect(again.brokenReason).toMatch(/not enough rights/);
        expect(again.deliveredThroughId).toBeLessThan(again.newest);
        // Tried once: the supergroup's own service message moved nothing more.
        const tries = fake.calls.slice(sentBefore).filter((c) => c.method === "sendMessage");
        expect(tries.map((c) => c.params.chat_id)).toEqual([supergroup]);
      } else {
        await connectionUntil(practice.businessId, (c) => c.deliveredThroughId === c.newest);
        expect(fake.messages(supergroup).map((m) => m.text.split("\n")[1])).toEqual(["Cleaning for Muted"]);
        expect(await connectionOf(practice.businessId)).toMatchObject({ brokenAt: null });
      }
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, sends a row whose transaction commits after a later one's, in the order the transactions began",
    async () => {
      const practice = await connected();
      await staffBooking(server, practice, "Early", "2026-03-23T09:00:00-04:00");
      await staffBooking(server, practice, "Late", "2026-03-24T09:00:00-04:00");
      await allDelivered(practice);
      const pool = new pg.Pool({ connectionString: server.databaseUrl!, max: 3 });
      const [first, second] = [await pool.connect(), await pool.connect()];
      // An instance of its own: the server's hears nothing of these writes.
      const instance = createTelegramDelivery({
        db: postgresDatabase(pool).db,
        clock: server.clock,
        logger: createLogger("silent"),
        bot: createBotApi({ botToken: fake.token, apiBaseUrl: fake.url }),
        appOrigin: null,
      });
      /** Writes the outbox row of `customer`'s booking once more, in the transaction of `client`. */
      const again = (client: pg.PoolClient, customer: string) =>
        client.query(
          `insert into outbox (business_id, topic, booking_id, booking_event_id)
            select o.business_id, o.topic, o.booking_id, o.booking_event_id from outbox o
            join bookings b on b.id = o.booking_id
            where o.business_id = $1 and b.customer_name = $2`,
          [practice.businessId, customer],
        );
      try {
        await first.query("begin");
        await again(first, "Early");
        await second.query("begin");
        await again(second, "Late");
        await second.query("commit");
        // The later row is committed, the earlier one not yet: nothing may pass the earlier one. The round
        // is over once the instance lets go of the chat (due at once again), so it starts from a due time.
        server.clock.advance(SECOND);
        await server.db.execute(
          sql`update telegram_connections set next_attempt_at = ${server.clock().toISOString()}::timestamptz
            where business_id = ${practice.businessId}::uuid`,
        );
        await instance.job.run(server.clock());
        const released = DUE_AT_ONCE.toISOString();
        await connectionUntil(practice.businessId, (c) => c.nextAttemptAt === released);
        const sent = fake.messages(practice.chatId).length;
        // Announced to no one: the instance looks again by itself while committed rows wait.
        await first.query("commit");
        const lines = (await allDelivered(practice)).map((m) => m.text.split("\n")[1]);
        expect({ sentWhileOpen: sent - 2, lines }).toEqual({
          sentWhileOpen: 0,
          lines: ["Early", "Late", "Early", "Late"].map((name) => `Cleaning for ${name}`),
        });
      } finally {
        await instance.stop();
        first.release();
        second.release();
        await pool.end();
      }
    },
  );

  it(`sends each message once with two instances on one database (${process.env.TEST_DATABASE_URL ? "two pools" : "one PGlite"})`, async () => {
    const pool = server.databaseUrl ? new pg.Pool({ connectionString: server.databaseUrl, max: 5 }) : null;
    const otherDb: Database = pool ? postgresDatabase(pool).db : server.db;
    const other = createTelegramDelivery({
      db: otherDb,
      clock: server.clock,
      logger: createLogger("silent"),
      bot: createBotApi({ botToken: fake.token, apiBaseUrl: fake.url }),
      appOrigin: null,
    });
    other.start();
    try {
      const practices = await Promise.all([connected(), connected(), connected()]);
      // Both instances hear of every write (one process) and race for the chats.
      await Promise.all(
        practices.map(async (practice, p) => {
          for (let n = 0; n < 6; n++) {
            await staffBooking(server, practice, `P${p} B${n}`, `2026-03-2${n}T1${p}:00:00-04:00`);
          }
        }),
      );
      for (const [p, practice] of practices.entries()) {
        const lines = (await allDelivered(practice)).map((m) => m.text.split("\n")[1]);
        expect(lines).toEqual(Array.from({ length: 6 }, (_, n) => `Cleaning for P${p} B${n}`));
      }
    } finally {
      await other.stop();
      await pool?.end();
    }
  });

  it("purges with its old rows the buttons of final bookings and of bookings whose every message is old", async () => {
    const practice = await connected();
    const old = await staffBooking(server, practice, "Old", "2026-03-25T09:00:00-04:00");
    const final = await staffBooking(server, practice, "Final", "2026-03-25T10:00:00-04:00");
    const moved = await staffBooking(server, practice, "Moved", "2026-03-25T11:00:00-04:00");
    await allDelivered(practice);
    server.clock.advance(MINUTE);
    const cutoff = server.clock();
    server.clock.advance(MINUTE);
    expect((await staffPut(server, practice.staff, final._id, { status: "cancelled" })).status).toBe(200);
    const later = at("2026-03-26T11:00:00-04:00");
    const rescheduled = { status: "pending", startTime: later, endTime: later, outsideHours: true };
    expect((await staffPut(server, practice.staff, moved._id, rescheduled)).status).toBe(200);
    await staffBooking(server, practice, "Recent", "2026-03-25T12:00:00-04:00");
    await allDelivered(practice);
    const buttonsPerCustomer = async () =>
      Object.fromEntries(
        (
          await rawRows<{ name: string; buttons: number }>(
            server.db,
            sql`select b.customer_name as name, count(tb.token)::int as buttons from bookings b
              left join telegram_buttons tb on tb.booking_id = b.id
              where b.business_id = ${practice.businessId}::uuid group by b.customer_name`,
          )
        ).map((row) => [row.name, row.buttons]),
      );
    expect(old.status).toBe("pending");
    expect(await buttonsPerCustomer()).toEqual({ Old: 1, Final: 1, Moved: 2, Recent: 1 });

    // A week after the cutoff: the rows written before it go, and Old's and Final's buttons with them.
    await outboxPurgeJob({ db: server.db, logger: createLogger("silent") }).run(
      new Date(cutoff.getTime() + OUTBOX_KEEP_DAYS * DAY),
    );
    expect(await buttonsPerCustomer()).toEqual({ Old: 0, Final: 0, Moved: 2, Recent: 1 });
    const [outbox] = await rawRows<{ rows: number }>(
      server.db,
      sql`select count(*)::int as rows from outbox where business_id = ${practice.businessId}::uuid`,
    );
    // Final's cancellation, Moved's reschedule and Recent's creation.
    expect(outbox!.rows).toBe(3);
  });
});
