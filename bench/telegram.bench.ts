// Telegram delivery on the embedded database: the outbox of 50 businesses sent to the fake Bot API
// (tests/support) by the delivery worker, messages per second with the order of every chat checked, and the
// time from a booking to its message. TELEGRAM_BENCH_MESSAGES sets the messages per chat (default 40).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type BookingToCreate, createBookings } from "../src/server/bookings/bookings-write.repo";
import type { Database } from "../src/server/db/database";
import { openDatabase } from "../src/server/db/open-database";
import { createLogger } from "../src/server/logger";
import { type BotApi, createBotApi } from "../src/server/telegram/bot-api";
import { createTelegramDelivery } from "../src/server/telegram/delivery-worker";
import { startFakeBotApi } from "../tests/support/fake-bot-api";
import { tenant } from "./bookings.bench";
import type { Figure } from "./report";

const CHATS = 50;
const PER_CHAT = Number(process.env.TELEGRAM_BENCH_MESSAGES ?? 40);
const LATENCY_SAMPLES = 20;
const MINUTE_MS = 60_000;
const FIRST_START = Date.parse("2030-01-07T09:00:00Z");

type Chat = { businessId: string; serviceId: string; chatId: number };

async function chat(db: Database, n: number): Promise<Chat> {
  const { businessId, serviceId } = await tenant(db, `telegram-bench-${n}@example.com`, 30);
  const chatId = 9_000_000 + n;
  await db.execute(
    sql`insert into telegram_connections (business_id, chat_id) values (${businessId}::uuid, ${chatId})`,
  );
  return { businessId, serviceId, chatId };
}

/**
 * The `i`-th booking of a business (30 minutes apart from 2030-01-07 09:00 UTC): staff, pending, its customer
 * numbered so the order a channel delivered them in can be read back.
 */
export const numberedBooking = (
  c: { businessId: string; serviceId: string },
  i: number,
): BookingToCreate => ({
  businessId: c.businessId,
  actor: { kind: "staff", id: null, name: "bench@example.com" },
  now: new Date(),
  booking: {
    source: "staff",
    serviceId: c.serviceId,
    startTime: new Date(FIRST_START + i * 30 * MINUTE_MS),
    customerName: `Customer ${i}`,
    customerPhone: "+15550000000",
  },
});

/** The bot, with every failed send noted (a timeout under load is a likely duplicate: Telegram may have it). */
const countingFailures = (bot: BotApi, failures: string[]): BotApi => ({
  ...bot,
  sendMessage: (...args) =>
    bot.sendMessage(...args).catch((error: unknown) => {
      failures.push(error instanceof Error ? error.message : String(error));
      throw error;
    }),
});

export async function telegramBench(log: (line: string) => void): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "calldesk-bench-telegram-"));
  const fake = await startFakeBotApi();
  const database = await openDatabase({ dataDir, databaseUrl: null });
  try {
    await database.migrate();
    const { db } = database;
    log(`${CHATS} businesses with a connected chat, ${PER_CHAT} bookings each`);
    const chats: Chat[] = [];
    for (let n = 0; n < CHATS; n++) chats.push(await chat(db, n));
    for (let i = 0; i < PER_CHAT; i++)
      await createBookings(
        db,
        chats.map((c) => numberedBooking(c, i)),
      );

    const failures: string[] = [];
    const delivery = createTelegramDelivery({
      db,
      clock: () => new Date(),
      logger: createLogger("warn"),
      bot: countingFailures(createBotApi({ botToken: fake.token, apiBaseUrl: fake.url }), failures),
      appOrigin: null,
    });
    const total = CHATS * PER_CHAT;
    const sent = () => chats.reduce((sum, c) => sum + fake.messages(c.chatId).length, 0);
    log(`sending ${total} messages`);
    const started = performance.now();
    await delivery.job.run(new Date());
    await fake.waitUntil(() => (sent() >= total ? true : undefined), `${total} messages`, 600_000);
    const seconds = (performance.now() - started) / 1000;
    const outOfOrder = chats.filter((c) =>
      fake.messages(c.chatId).some((m, i) => !m.text.includes(`Consultation for Customer ${i}\n`)),
    ).length;

    delivery.start();
    const latencies: number[] = [];
    const probe = chats[0]!;
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const before = fake.messages(probe.chatId).length;
      const t0 = performance.now();
      await createBookings(db, [numberedBooking(probe, PER_CHAT + i)]);
      await fake.waitForMessages(probe.chatId, before + 1);
      latencies.push(performance.now() - t0);
    }
    await delivery.stop();
    latencies.sort((a, b) => a - b);
    return [
      {
        name: `outbox → Telegram, ${CHATS} chats`,
        value: Math.round(total / seconds),
        unit: "msg/s",
        budget: "≥ 200 msg/s",
        note: `${total} messages in ${seconds.toFixed(1)} s; ${outOfOrder ? `${outOfOrder} chats OUT OF ORDER` : "every chat in order"}; ${sent() - total - LATENCY_SAMPLES} duplicates; ${failures.length} failed sends${failures[0] ? ` (first: ${failures[0]})` : ""}`,
      },
      {
        name: "booking → its message (p50)",
        value: Math.round(latencies[Math.floor(LATENCY_SAMPLES / 2)]!),
        unit: "ms",
        budget: "~1 s",
      },
      { name: "booking → its message (max)", value: Math.round(latencies.at(-1)!), unit: "ms" },
    ];
  } finally {
    await database.close();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
