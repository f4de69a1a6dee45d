// Free slots: a 31-day range over HTTP at 10 connections, on either database (the demo practice, both
// callers; the same question again and again, and a varied one: a seeded random service and month per
// request) and the slot engine in-process against 2,000 busy intervals in that range.
import type { AssistantConfig } from "@shared/assistant.schema";
import type { Slot } from "@shared/availability.schema";
import { addCalendarDays, calendarDateAt } from "@shared/zoned-time";
import { offeredSlots, type SlotRequest } from "../src/server/availability/slot-engine";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../src/server/db/seed-demo";
import { seededRandom } from "../tests/support/seeded-random";
import { startServerProcess } from "../tests/support/server-process";
import type { BenchDatabase } from "./databases";
import { createAssistantKey, getData, signIn } from "./http-session";
import { loadFetch, runLoad, warmUp } from "./load";
import { type Figure, loadFigures } from "./report";

const BUDGET = { p99: "≤ 20 ms" };
/** Questions of the varied run: any active service, this month, the next or the one after (the horizon). */
const VARIED_QUESTIONS = 5_000;
const TIMEZONE = "America/New_York";

export async function slotsBench(log: (line: string) => void, target: BenchDatabase): Promise<Figure[]> {
  const section = await target.fresh("slots");
  try {
    const server = await startServerProcess({ ...section.serverEnv, STATIC_DIR: "" });
    try {
      return [...(await overHttp(server.baseURL, log)), ...inProcess()];
    } catch (error) {
      console.error(server.output().slice(-4000));
      throw error;
    } finally {
      await server.stop();
    }
  } finally {
    await section.drop();
  }
}

async function overHttp(baseURL: string, log: (line: string) => void): Promise<Figure[]> {
  const staff = await signIn(baseURL, DEMO_EMAIL, DEMO_PASSWORD);
  const key = await createAssistantKey(baseURL, staff);
  const config = (await (
    await fetch(`${baseURL}/api/assistant/config`, { headers: { "X-Api-Key": key } })
  ).json()) as { data: AssistantConfig };
  const service = config.data.services.find((s) => s.name === "Check-up & Cleaning")!;
  const from = calendarDateAt(new Date(), TIMEZONE);
  const query = `serviceId=${service.id}&from=${from}&to=${addCalendarDays(from, 30)}`;
  const offered = await getData<Slot[]>(baseURL, `/api/availability/slots?${query}`, staff);
  log(`${offered.length} slots of "${service.name}" in 31 days`);

  const get = (path: string, headers: Record<string, string>) => async () => {
    const response = await loadFetch(`${baseURL}${path}`, { headers });
    await response.arrayBuffer();
    return response.ok;
  };
  const asStaff = get(`/api/availability/slots?${query}`, { Authorization: staff.authorization });
  const asAssistant = get(`/api/assistant/slots?${query}`, { "X-Api-Key": key });
  const random = seededRandom(8);
  const active = config.data.services;
  const varied = Array.from({ length: VARIED_QUESTIONS }, () => {
    const asked = active[Math.floor(random() * active.length)]!;
    const first = addCalendarDays(from, 31 * Math.floor(random() * 3));
    return get(`/api/assistant/slots?serviceId=${asked.id}&from=${first}&to=${addCalendarDays(first, 30)}`, {
      "X-Api-Key": key,
    });
  });
  let next = 0;
  const askVaried = () => varied[next++ % varied.length]!();
  await warmUp(asStaff, { seconds: 3 });
  return [
    { name: "slots offered in the 31 days", value: offered.length, unit: "" },
    ...loadFigures("GET /api/availability/slots 31 days @10 conns", await runLoad(asStaff), BUDGET),
    ...loadFigures("GET /api/assistant/slots 31 days @10 conns", await runLoad(asAssistant), BUDGET),
    ...loadFigures(
      `GET /api/assistant/slots varied (${active.length} services × 3 months, seeded) @10 conns`,
      await runLoad(askVaried),
      BUDGET,
    ),
  ];
}

/** The demo practice's week over 31 days, 2,000 busy intervals (one every ~22 minutes of it), 60-minute slots. */
function inProcess(): Figure[] {
  const now = new Date();
  const from = calendarDateAt(now, TIMEZONE);
  const start = now.getTime();
  const busy = Array.from({ length: 2_000 }, (_, i) => {
    const at = start + i * 22 * 60_000 + (i % 7) * 60_000;
    return { start: new Date(at), end: new Date(at + (15 + (i % 4) * 15) * 60_000) };
  });
  const lunchBreak = [
    { start: "08:00", end: "12:00" },
    { start: "13:00", end: "18:00" },
  ];
  const request: SlotRequest = {
    timeZone: TIMEZONE,
    from,
    to: addCalendarDays(from, 30),
    now,
    weeklySchedule: {
      "0": [],
      "1": lunchBreak,
      "2": lunchBreak,
      "3": lunchBreak,
      "4": lunchBreak,
      "5": lunchBreak,
      "6": [{ start: "09:00", end: "13:00" }],
    },
    blackoutDates: [
      {
        startDate: addCalendarDays(from, 10),
        endDate: addCalendarDays(from, 10),
        startTime: null,
        endTime: null,
      },
    ],
    rules: { minimumNoticeMinutes: 120, bookingHorizonDays: 60, slotStepMinutes: 15 },
    service: { durationMinutes: 60, bufferBeforeMinutes: 5, bufferAfterMinutes: 10 },
    busy: busy.reverse(),
  };
  for (let i = 0; i < 200; i++) offeredSlots(request);
  const times: number[] = [];
  for (let i = 0; i < 1_000; i++) {
    const started = performance.now();
    offeredSlots(request);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Number(times[Math.floor((p / 100) * times.length)]!.toFixed(3));
  return [
    { name: "slot engine, 31 days, 2,000 busy intervals p50", value: at(50), unit: "ms" },
    { name: "slot engine, 31 days, 2,000 busy intervals p99", value: at(99), unit: "ms", budget: "a few ms" },
  ];
}
