import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { changeBooking } from "../../src/server/bookings/bookings-write.repo";
import type { Database } from "../../src/server/db/database";
import { type DatabaseHandle, postgresDatabase } from "../../src/server/db/open-database";
import { rawRows } from "../../src/server/db/raw-rows";
import { businesses } from "../../src/server/db/schema/businesses.schema";
import {
  telegramConnections,
  telegramLinkCodes,
  telegramPoller,
} from "../../src/server/db/schema/telegram.schema";
import { createLogger } from "../../src/server/logger";
import { bookingButtons } from "../../src/server/telegram/booking-buttons";
import { type BotApi, botIdOf, createBotApi } from "../../src/server/telegram/bot-api";
import { linkCodePurgeJob } from "../../src/server/telegram/link-code-purge";
import { CONNECT_REFUSED } from "../../src/server/telegram/telegram.routes";
import { startUpdatePoller } from "../../src/server/telegram/update-poller";
import type { AuditList } from "../../src/shared/audit.schema";
import {
  MAX_TELEGRAM_CHAT_ID,
  type TelegramLink,
  type TelegramLinkState,
  type TelegramStatus,
} from "../../src/shared/telegram.schema";
import { type FakeBotApi, startFakeBotApi } from "../support/fake-bot-api";
import { refresh, type SignedIn, signUp } from "../support/server-accounts";
import {
  assistantBookingOf,
  bookAsAssistant,
  errorOf,
  openPractice,
  type Practice,
  STAFF_ACTOR,
  timelineOf,
} from "../support/server-bookings";
import { dataOf } from "../support/server-calls";
import { createTestClock } from "../support/server-clock";
import { openTestDatabase, type TestDatabase } from "../support/server-database";
import { accessTokenOf, startTestServer, type TestServer } from "../support/server-harness";

// The test clock starts Monday 2026-03-02 12:00Z; the practice opens 09:00–17:00 in New York.
const TUESDAY_10 = "2026-03-03T10:00:00-05:00";
const TUESDAY_11 = "2026-03-03T11:00:00-05:00";
const LABELS = { confirm: "Confirm", cancel: "Cancel" };

const get = <T>(server: TestServer, staff: SignedIn, path: string) =>
  server.request(`/api/telegram${path}`, { accessToken: staff.accessToken }).then((r) => dataOf<T>(r));
const post = (server: TestServer, staff: SignedIn, path: string, json?: unknown) =>
  server.request(`/api/telegram${path}`, { method: "POST", json, accessToken: staff.accessToken });

describe("a server without a bot", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("says it is not configured and refuses to link or connect with a message naming the variables", async () => {
    const staff = await signUp(server);
    expect(await get<TelegramStatus>(server, staff, "/status")).toEqual({
      configured: false,
      connected: false,
      connectedAt: null,
      brokenAt: null,
    });
    for (const [path, body] of [["/link"], ["/connect", { chatId: 1 }]] as const) {
      const refused = await post(server, staff, path, body);
      expect(refused.status).toBe(503);
      expect(await errorOf(refused)).toMatchObject({
        code: "UNAVAILABLE",
        message: expect.stringContaining("TELEGRAM_BOT_TOKEN"),
      });
    }
  });
});

describe("with a bot (long polling the fake Bot API)", () => {
  let fake: FakeBotApi;
  let server: TestServer;
  let bot: BotApi;
  beforeAll(async () => {
    fake = await startFakeBotApi();
    server = await startTestServer({ env: fake.env });
    bot = createBotApi({ botToken: fake.token, apiBaseUrl: fake.url });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  const connect = async (practice: Practice, chatId: number) => {
    const response = await post(server, practice.staff, "/connect", { chatId });
    expect(response.status).toBe(200);
    await fake.waitForMessages(chatId, 1);
  };

  it("links a chat through the deep link's one-time code, for the business that made it only", async () => {
    const staff = await signUp(server);
    const created = await post(server, staff, "/link");
    expect(created.status).toBe(201);
    const link = await dataOf<TelegramLink>(created);
    expect(link).toEqual({
      code: expect.stringMatching(/^[\w-]{16,64}$/),
      deepLink: `https://t.me/${fake.username}?start=${link.code}`,
      botUsername: fake.username,
      expiresAt: "2026-03-02T12:15:00.000Z",
    });
    expect(await get<TelegramLinkState>(server, staff, `/link/${link.code}`)).toEqual({ chatId: null });

    fake.sendStart(8101, link.code);
    const [reply] = await fake.waitForMessages(8101, 1);
    expect(reply!.text).toContain("8101");
    expect(await get<TelegramLinkState>(server, staff, `/link/${link.code}`)).toEqual({ chatId: 8101 });

    const other = await signUp(server);
    const foreign = await server.request(`/api/telegram/link/${link.code}`, {
      accessToken: other.accessToken,
    });
    expect(foreign.status).toBe(404);
    const unknown = await server.request("/api/telegram/link/nope", { accessToken: staff.accessToken });
    expect(unknown.status).toBe(404);
  });

  it("answers /start without a code or with an expired one with the chat ID, and links nothing", async () => {
    const staff = await signUp(server);
    await server.db
      .update(businesses)
      .set({ language: "pl" })
      .where(eq(businesses.id, staff.user.businessId));
    const link = await dataOf<TelegramLink>(await post(server, staff, "/link"));
    server.clock.advance(16 * 60_000);
    fake.sendStart(8102, link.code, { id: 8102, language_code: "de" });
    fake.pushUpdate({ message: { message_id: 9, chat: { id: 8103 }, text: "/start" } });
    // The expired code's business is known: its language, whatever the user's.
    expect((await fake.waitForMessages(8102, 1))[0]!.text).toBe(
      "Twoje ID czatu to 8102. Wpisz je w CallDesk w Ustawienia → Telegram, aby otrzymywać tu powiadomienia.",
    );
    expect((await fake.waitForMessages(8103, 1))[0]!.text).toMatch(/^Your chat ID is 8103\. Enter it/);
    // An expired code that no chat sent is forgotten: the dialog stops asking (a fresh access token first).
    const accessToken = accessTokenOf(await refresh(server, staff.refreshCookie))!;
    const expired = await server.request(`/api/telegram/link/${link.code}`, { accessToken });
    expect(expired.status).toBe(404);
    // An hour on, the hourly purge deletes it.
    const codes = () =>
      server.db.select().from(telegramLinkCodes).where(eq(telegramLinkCodes.code, link.code));
    expect(await codes()).toHaveLength(1);
    await linkCodePurgeJob({ db: server.db, logger: createLogger("silent") }).run(
      new Date(server.clock().getTime() + 60 * 60_000),
    );
    expect(await codes()).toEqual([]);
  });

  it("answers a bare /start in the language of the business the chat is connected to, else the user's (one of the six), else English", async () => {
    const practice = await openPractice(server);
    await server.db.update(businesses).set({ language: "fr" }).where(eq(businesses.id, practice.businessId));
    await connect(practice, 8111);
    const bareStart = (chatId: number, languageCode: string) =>
      fake.pushUpdate({
        message: {
          message_id: 99,
          chat: { id: chatId },
          from: { id: chatId, language_code: languageCode },
          text: "/start",
        },
      });
    bareStart(8111, "de");
    bareStart(8112, "es-MX");
    bareStart(8113, "pt-br");
    expect((await fake.waitForMessages(8111, 2))[1]!.text).toMatch(/^Votre ID de discussion est 8111\. /);
    expect((await fake.waitForMessages(8112, 1))[0]!.text).toMatch(/^Tu ID del chat es 8112\. /);
    expect((await fake.waitForMessages(8113, 1))[0]!.text).toMatch(/^Your chat ID is 8113\. /);
  });

  it("connects a chat after Telegram took the test message (in the business's language); delivery starts after the newest outbox row", async () => {
    const practice = await openPractice(server);
    await server.db.update(businesses).set({ language: "de" }).where(eq(businesses.id, practice.businessId));
    await bookAsAssistant(server, practice, { startTime: TUESDAY_10 });
    const connectedAt = server.clock().toISOString();
    const response = await post(server, practice.staff, "/connect", { chatId: 8201 });
    expect(await dataOf<TelegramStatus>(response)).toEqual({
      configured: true,
      connected: true,
      connectedAt,
      brokenAt: null,
    });
    const [test] = await fake.waitForMessages(8201, 1);
    // In the business's language.
    expect(test!.text).toMatch(/^CallDesk ist verbunden\./);

    const [row] = await server.db
      .select()
      .from(telegramConnections)
      .where(eq(telegramConnections.businessId, practice.businessId));
    const [newest] = await rawRows<{ id: number; xid: string }>(
      server.db,
      sql`select id::int, xid::text from outbox where business_id = ${practice.businessId}::uuid
        order by xid desc, id desc limit 1`,
    );
    expect(row).toMatchObject({
      chatId: 8201,
      deliveredThroughId: newest!.id,
      deliveredThroughXid: newest!.xid,
    });
    expect(newest!.id).toBeGreaterThan(0);

    // Tenant isolation: another business sees no connection, and its disconnect leaves this one.
    const other = await signUp(server);
    expect(await get<TelegramStatus>(server, other, "/status")).toMatchObject({ connected: false });
    await post(server, other, "/disconnect");
    expect(await get<TelegramStatus>(server, practice.staff, "/status")).toMatchObject({ connected: true });

    const disconnected = await dataOf<TelegramStatus>(await post(server, practice.staff, "/disconnect"));
    expect(disconnected).toEqual({ configured: true, connected: false, connectedAt: null, brokenAt: null });
  });

  it("moves the businesses connected to a group to the supergroup Telegram upgraded it to, as its updates tell, recorded once each", async () => {
    const [first, second] = [await openPractice(server), await openPractice(server)];
    const [group, supergroup] = [-8_501, -1_000_000_008_501];
    await connect(first, group);
    await connect(second, group);
    // The group's last message and the supergroup's first both tell of it; no message has been refused yet.
    const sentBefore = fake.calls.length;
    fake.upgradeGroup(group, supergroup, { tell: true });
    const chatOf = async (practice: Practice) =>
      (
        await server.db
          .select({ chatId: telegramConnections.chatId })
          .from(telegramConnections)
          .where(eq(telegramConnections.businessId, practice.businessId))
      )[0]?.chatId;
    await vi.waitFor(async () => expect(await chatOf(second)).toBe(supergroup), { timeout: 10_000 });
    expect(await chatOf(first)).toBe(supergroup);
    expect(fake.calls.slice(sentBefore).filter((c) => c.method === "sendMessage")).toEqual([]);
    for (const practice of [first, second]) {
      expect(await get<TelegramStatus>(server, practice.staff, "/status")).toMatchObject({
        connected: true,
        brokenAt: null,
      });
      const log = await dataOf<AuditList>(
        await server.request("/api/audit", { accessToken: practice.staff.accessToken }),
      );
      expect(log.data.filter((entry) => entry.action === "telegram.chat_migrated")).toMatchObject([
        { actor: { kind: "system" }, details: {} },
      ]);
    }
  });

  it("connects the supergroup, with its test message sent there once, when the owner enters the ID of a group Telegram upgraded", async () => {
    const practice = await openPractice(server);
    const [group, supergroup] = [-8_551, -1_000_000_008_551];
    fake.upgradeGroup(group, supergroup);
    const sentBefore = fake.calls.length;
    const response = await post(server, practice.staff, "/connect", { chatId: group });
    expect(response.status).toBe(200);
    expect(await dataOf<TelegramStatus>(response)).toMatchObject({ connected: true, brokenAt: null });
    const sends = fake.calls.slice(sentBefore).filter((c) => c.method === "sendMessage");
    expect(sends.map((c) => c.params.chat_id)).toEqual([group, supergroup]);
    expect(fake.messages(supergroup)).toMatchObject([
      { text: expect.stringMatching(/^CallDesk is connected\./) },
    ]);
    const [row] = await server.db
      .select({ chatId: telegramConnections.chatId })
      .from(telegramConnections)
      .where(eq(telegramConnections.businessId, practice.businessId));
    expect(row?.chatId).toBe(supergroup);
  });

  it("keeps a group's place when the owner reconnects it by the group's ID after Telegram upgraded it: what waited arrives in the supergroup, once", async () => {
    const practice = await openPractice(server);
    const [group, supergroup] = [-8_552, -1_000_000_008_552];
    await connect(practice, group);
    // Broken by the upgrade before any update told of it (as servers did before they followed upgrades).
    await server.db
      .update(telegramConnections)
      .set({
        brokenAt: server.clock(),
        brokenReason:
          "Telegram sendMessage failed: 400 Bad Request: group chat was upgraded to a supergroup chat",
      })
      .where(eq(telegramConnections.businessId, practice.businessId));
    fake.upgradeGroup(group, supergroup);
    await bookAsAssistant(server, practice, { startTime: TUESDAY_10, customerName: "Waited Long" });
    expect((await post(server, practice.staff, "/connect", { chatId: group })).status).toBe(200);
    const [test, waited] = await fake.waitForMessages(supergroup, 2);
    expect(test!.text).toMatch(/^CallDesk is connected\./);
    expect(waited!.text).toContain("Waited Long");
    await vi.waitFor(
      async () => {
        const [newest] = await rawRows<{ id: number }>(
          server.db,
          sql`select max(id)::int as id from outbox where business_id = ${practice.businessId}::uuid`,
        );
        const [row] = await server.db
          .select()
          .from(telegramConnections)
          .where(eq(telegramConnections.businessId, practice.businessId));
        expect(row).toMatchObject({ chatId: supergroup, deliveredThroughId: newest!.id, brokenAt: null });
      },
      { timeout: 10_000 },
    );
    expect(fake.messages(supergroup)).toHaveLength(2);
    expect(fake.messages(group)).toHaveLength(1);
  });

  it("refuses a chat Telegram refuses with spec 8's message, and stores nothing", async () => {
    const staff = await signUp(server);
    fake.unknownChat(8301);
    fake.blockChat(8302);
    for (const chatId of [8301, 8302]) {
      const refused = await post(server, staff, "/connect", { chatId });
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toMatchObject({
        code: "VALIDATION",
        field: "chatId",
        message: CONNECT_REFUSED,
      });
    }
    const invalid = await post(server, staff, "/connect", { chatId: "12a" });
    expect(invalid.status).toBe(400);
    expect(await get<TelegramStatus>(server, staff, "/status")).toMatchObject({ connected: false });
  });

  it("refuses a chat ID beyond Telegram's 52 bits with 400 naming chatId (the bigint column would overflow)", async () => {
    const staff = await signUp(server);
    for (const chatId of [1e308, 2 ** 63, 2 ** 52, -(2 ** 52), -1e20]) {
      const refused = await post(server, staff, "/connect", { chatId });
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toMatchObject({ code: "VALIDATION", field: "chatId" });
    }
    expect(await get<TelegramStatus>(server, staff, "/status")).toMatchObject({ connected: false });
    // The edge of the range is a chat like any other.
    expect((await post(server, staff, "/connect", { chatId: MAX_TELEGRAM_CHAT_ID })).status).toBe(200);
  });

  it("answers 503 while Telegram is unreachable, and stores nothing", async () => {
    const staff = await signUp(server);
    await fake.outage(true, "502");
    try {
      const refused = await post(server, staff, "/connect", { chatId: 8401 });
      expect(refused.status).toBe(503);
      expect(await errorOf(refused)).toMatchObject({ code: "UNAVAILABLE" });
    } finally {
      await fake.outage(false);
    }
    expect(await get<TelegramStatus>(server, staff, "/status")).toMatchObject({ connected: false });
  });

  describe("booking buttons", () => {
    /** The buttons the delivery worker would put under a message about the booking (null: none). */
    const buttonsOf = async (businessId: string, bookingId: string) =>
      (await bookingButtons(server.db, { businessId, bookingIds: [bookingId], labels: LABELS })).get(
        bookingId,
      ) ?? null;
    let practice: Practice;
    const chatId = 8501;
    beforeAll(async () => {
      practice = await openPractice(server);
      await connect(practice, chatId);
    });

    /** A pending booking's message with its buttons, as the delivery worker sends it. */
    const sendPending = async (startTime: string) => {
      const booking = await assistantBookingOf(await bookAsAssistant(server, practice, { startTime }));
      const markup = await buttonsOf(practice.businessId, booking.id);
      expect(markup).not.toBeNull();
      const { messageId } = await bot.sendMessage(chatId, `New booking ${startTime}`, {
        replyMarkup: markup!,
      });
      const [confirm, cancel] = markup!.inline_keyboard[0]!;
      return { booking, messageId, confirm: confirm!.callback_data, cancel: cancel!.callback_data };
    };

    const statusOf = async (bookingId: string) => (await timelineOf(server, bookingId)).events.at(-1)!.to;

    it("carry no booking id, and the same buttons for a booking sent again", async () => {
      const sent = await sendPending(TUESDAY_10);
      expect(sent.confirm).not.toContain(sent.booking.id);
      expect(sent.confirm).not.toContain(sent.booking.id.replace(/-/g, ""));
      expect(Buffer.byteLength(sent.confirm)).toBeLessThanOrEqual(64);
      const again = await buttonsOf(practice.businessId, sent.booking.id);
      expect(again!.inline_keyboard[0]!.map((b) => b.callback_data)).toEqual([sent.confirm, sent.cancel]);
      // Another business's booking id gets none.
      const other = await openPractice(server);
      expect(await buttonsOf(other.businessId, sent.booking.id)).toBeNull();
    });

    it("confirm from the connected chat: recorded as a Telegram action, the message shows the outcome", async () => {
      const sent = await sendPending(TUESDAY_11);
      const query = fake.pressButton(chatId, sent.messageId, sent.confirm, { id: 77, username: "owner" });
      expect(await fake.waitForCallbackAnswer(query)).toMatchObject({ text: "Booking confirmed." });
      const message = fake.messages(chatId).find((m) => m.messageId === sent.messageId)!;
      expect(message).toMatchObject({ replyMarkup: null, edits: 1 });
      expect(message.text).toMatch(/^New booking .*\n\n✅ Confirmed in Telegram by @owner$/s);
      const { events } = await timelineOf(server, sent.booking.id);
      expect(events.at(-1)).toMatchObject({
        action: "confirm",
        from: "pending",
        to: "confirmed",
        actor: "telegram:@owner",
      });
    });

    it("a button pressed in another chat changes nothing", async () => {
      const sent = await sendPending("2026-03-03T12:00:00-05:00");
      const query = fake.pressButton(8599, sent.messageId, sent.cancel);
      expect((await fake.waitForCallbackAnswer(query)).text).toMatch(/^Not allowed/);
      expect(await statusOf(sent.booking.id)).toBe("pending");
      expect(fake.messages(chatId).find((m) => m.messageId === sent.messageId)!.edits).toBe(0);
    });

    it("a button of a booking changed meanwhile answers its current status and changes nothing", async () => {
      const sent = await sendPending("2026-03-03T13:00:00-05:00");
      await changeBooking(server.db, {
        businessId: practice.businessId,
        bookingId: sent.booking.id,
        actor: STAFF_ACTOR,
        event: { type: "booking.confirm" },
        now: server.clock(),
      });
      const query = fake.pressButton(chatId, sent.messageId, sent.cancel);
      expect((await fake.waitForCallbackAnswer(query)).text).toBe(
        "This booking is already confirmed; nothing was changed.",
      );
      expect(await statusOf(sent.booking.id)).toBe("confirmed");
      expect(await buttonsOf(practice.businessId, sent.booking.id)).toBeNull();
    });

    it("a booking the assistant makes arrives with its buttons, and Confirm confirms it in the portal", async () => {
      const booked = await assistantBookingOf(
        await bookAsAssistant(server, practice, {
          startTime: "2026-03-03T14:00:00-05:00",
          customerName: "Grace Hopper",
        }),
      );
      const message = await fake.waitUntil(
        () => fake.messages(chatId).find((m) => m.text.includes("Grace Hopper") && m.replyMarkup),
        "the new booking's message",
      );
      const confirm = message.replyMarkup!.inline_keyboard.flat().find((b) => b.text === "Confirm")!;
      const query = fake.pressButton(chatId, message.messageId, confirm.callback_data);
      expect(await fake.waitForCallbackAnswer(query)).toMatchObject({ text: "Booking confirmed." });
      const inPortal = await server.request(`/api/bookings/${booked.id}`, {
        accessToken: practice.staff.accessToken,
      });
      expect(await dataOf<{ status: string }>(inPortal)).toMatchObject({ status: "confirmed" });
    });

    it("data no button has is answered, not acted on", async () => {
      const query = fake.pressButton(chatId, 1, "confirm:AAAAAAAAAAAAAAAA");
      expect((await fake.waitForCallbackAnswer(query)).text).toBe("This button no longer works.");
    });
  });

  it("stores the poll offset past every update it handled", async () => {
    const last = fake.sendStart(8601, "unknown-code");
    await fake.waitForMessages(8601, 1);
    await fake.waitUntil(
      () =>
        fake.calls.some((c) => c.method === "getUpdates" && Number(c.params.offset) > last)
          ? true
          : undefined,
      "a poll past the update",
    );
    const [row] = await server.db.select().from(telegramPoller).where(eq(telegramPoller.botId, fake.botId));
    expect(row!.nextOffset).toBe(last + 1);
  });
});

describe("webhook mode (PUBLIC_URL set)", () => {
  let fake: FakeBotApi;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeBotApi();
    server = await startTestServer({ env: { ...fake.env, PUBLIC_URL: "https://calldesk.example.com" } });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("registers the webhook with a secret token, and takes only updates carrying it", async () => {
    const webhook = await fake.waitUntil(() => fake.webhook ?? undefined, "setWebhook");
    expect(webhook.url).toMatch(/^https:\/\/calldesk\.example\.com\/api\/telegram\/webhook\/[\w-]{32}$/);
    expect(webhook.secretToken).toMatch(/^[\w-]{20,256}$/);
    expect(fake.calls.some((c) => c.method === "getUpdates")).toBe(false);

    const update = { message: { message_id: 1, chat: { id: 8701 }, text: "/start" } };
    const forged = await fake.postWebhook(update, { origin: server.url, secretToken: "guess" });
    expect(forged.status).toBe(401);
    const missing = await fake.postWebhook(update, { origin: server.url, secretToken: null });
    expect(missing.status).toBe(401);
    const wrongPath = await fetch(`${server.url}/api/telegram/webhook/guess`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-telegram-bot-api-secret-token": webhook.secretToken!,
      },
      body: JSON.stringify({ update_id: 1, ...update }),
    });
    expect(wrongPath.status).toBe(404);
    expect(fake.messages(8701)).toEqual([]);

    const accepted = await fake.postWebhook(update, { origin: server.url });
    expect(accepted.status).toBe(200);
    expect(fake.messages(8701)).toMatchObject([{ text: expect.stringContaining("8701") }]);
  });

  it("moves a connected group to its supergroup when Telegram posts the supergroup's first message", async () => {
    const staff = await signUp(server);
    const [group, supergroup] = [-8_702, -1_000_000_008_702];
    expect((await post(server, staff, "/connect", { chatId: group })).status).toBe(200);
    const [, first] = fake.upgradeGroup(group, supergroup);
    expect((await fake.postWebhook(first!, { origin: server.url })).status).toBe(200);
    const [row] = await server.db
      .select({ chatId: telegramConnections.chatId })
      .from(telegramConnections)
      .where(eq(telegramConnections.businessId, staff.user.businessId));
    expect(row?.chatId).toBe(supergroup);
  });

  it("answers 200 to /start <code> from a chat ID beyond Telegram's range and ignores it (a 500 is posted again forever)", async () => {
    const staff = await signUp(server);
    const link = await dataOf<TelegramLink>(await post(server, staff, "/link"));
    for (const chatId of [1e20, 2 ** 63, -(2 ** 52)]) {
      const update = { message: { message_id: 2, chat: { id: chatId }, text: `/start ${link.code}` } };
      expect((await fake.postWebhook(update, { origin: server.url })).status).toBe(200);
      expect(fake.messages(chatId)).toEqual([]);
    }
    expect(await get<TelegramLinkState>(server, staff, `/link/${link.code}`)).toEqual({ chatId: null });
  });
});

describe("two instances on one database", () => {
  let database: TestDatabase;
  let other: DatabaseHandle | null = null;
  let fake: FakeBotApi;
  beforeAll(async () => {
    database = await openTestDatabase();
    if (database.url) other = postgresDatabase(new pg.Pool({ connectionString: database.url, max: 2 }));
    fake = await startFakeBotApi({ token: "525252:second-fake-token_abcdef" });
  });
  afterAll(async () => {
    await fake.close();
    await other?.close();
    await database.drop();
  });

  it(`poll one at a time, and the next goes on from the stored offset (${process.env.TEST_DATABASE_URL ? "two pools" : "one PGlite"})`, async () => {
    const dbs: Database[] = [database.handle.db, (other ?? database.handle).db];
    const polls = [0, 0];
    const pollers = dbs.map((db, i) => {
      const api = createBotApi({ botToken: fake.token, apiBaseUrl: fake.url });
      const counted: BotApi = {
        ...api,
        getUpdates: (options) => {
          polls[i]! += 1;
          return api.getUpdates(options);
        },
      };
      return startUpdatePoller({
        db,
        clock: createTestClock(),
        logger: createLogger("silent"),
        api: counted,
        botId: botIdOf(fake.token),
      });
    });
    const chats = [8801, 8802, 8803];
    for (const chat of chats) fake.sendStart(chat, "no-such-code");
    for (const chat of chats) await fake.waitForMessages(chat, 1);
    const [holder, standby] = polls[0]! > 0 ? [0, 1] : [1, 0];
    expect(polls[standby]).toBe(0);

    // The holder stops (a restart): the other takes over from the stored offset, repeating nothing.
    await pollers[holder]!.stop();
    const [row] = await dbs[0]!.select().from(telegramPoller).where(eq(telegramPoller.botId, fake.botId));
    const pollsBefore = fake.calls.length;
    const last = fake.sendStart(8804, "no-such-code");
    await fake.waitForMessages(8804, 1);
    expect(polls[standby]).toBeGreaterThan(0);
    const takeover = fake.calls.slice(pollsBefore).find((c) => c.method === "getUpdates")!;
    expect(Number(takeover.params.offset)).toBe(row!.nextOffset);
    expect(row!.nextOffset).toBe(last);
    for (const chat of chats) expect(fake.messages(chat)).toHaveLength(1);
    await pollers[standby]!.stop();
  });

  it("handles an update again after failing on our side (the database, say), rather than skipping it", async () => {
    // Only the poller's pause before asking again is faked: the Bot API and the database answer in real time.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const api = createBotApi({ botToken: fake.token, apiBaseUrl: fake.url });
      let failures = 0;
      const failingOnce: BotApi = {
        ...api,
        sendMessage: async (...args) => {
          if (failures++ === 0) throw new Error("the database went away");
          return api.sendMessage(...args);
        },
      };
      const poller = startUpdatePoller({
        db: database.handle.db,
        clock: createTestClock(),
        logger: createLogger("silent"),
        api: failingOnce,
        botId: botIdOf(fake.token),
      });
      const last = fake.sendStart(8901, "no-such-code");
      // vi.waitFor moves the faked timers on by its interval at each check.
      await vi.waitFor(() => expect(fake.messages(8901)).toHaveLength(1), { timeout: 10_000, interval: 50 });
      expect(failures).toBe(2);
      await poller.stop();
      const [row] = await database.handle.db
        .select()
        .from(telegramPoller)
        .where(eq(telegramPoller.botId, fake.botId));
      expect(row!.nextOffset).toBe(last + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
