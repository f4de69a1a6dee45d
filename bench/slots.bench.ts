// Free slots: a 31-day range over HTTP at 10 connections, on either database (the demo practice, both
// callers; the same question again and again, and a varied one: a seeded random service and month per
// request), the voice platforms' tool call for a week of them (Vapi's tool-calls message calling
// find_free_slots into the demo practice, its weeks of bookings around today), the worst case users meet (a business open round the clock on a 5-minute grid, 31 days over a night
// the clocks change: the longest answer there is, cut at 5,000 slots) and the slot engine in-process against
// 2,000 busy intervals.
import type { AssistantConfig } from "@shared/assistant.schema";
import { AVAILABILITY_LIMITS, type Slot, WEEKDAYS } from "@shared/availability.schema";
import { addCalendarDays, calendarDateAt, isoInZone, startOfCalendarDate } from "@shared/zoned-time";
import { platformSignature } from "../scripts/simulate-platform";
import { offeredSlots, type SlotRequest } from "../src/server/availability/slot-engine";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../src/server/demo/seed-demo";
import { seededRandom } from "../tests/support/seeded-random";
import type { BenchDatabase } from "./databases";
import {
  createAssistantKey,
  createPlatformConnection,
  getData,
  type StaffSession,
  signIn,
  signUp,
} from "./http-session";
import { loadFetch, runLoad, warmUp } from "./load";
import { type Figure, loadFigures } from "./report";
import { withServerProcess } from "./with-server";

const BUDGET = { p99: "≤ 20 ms" };
const TOOL_CALL_BUDGET = { p99: "≤ 50 ms" };
/** Questions of the varied run: any active service, this month, the next or the one after (the horizon). */
const VARIED_QUESTIONS = 5_000;
const TIMEZONE = "America/New_York";
const DAY_MS = 86_400_000;

export async function slotsBench(log: (line: string) => void, target: BenchDatabase): Promise<Figure[]> {
  const section = await target.fresh("slots");
  try {
    // The demo practice is one of the two businesses asked (off by default on PostgreSQL).
    return await withServerProcess(
      { ...section.serverEnv, STATIC_DIR: "", SEED_DEMO: "true" },
      async (server) => [
        ...(await overHttp(server.baseURL, log)),
        ...(await worstCase(server.baseURL, log)),
        ...inProcess(),
      ],
    );
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
  const findFreeSlots = await toolCalls(baseURL, staff, active, from);
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
    ...loadFigures(
      "POST /api/integrations/vapi tool call find_free_slots, a week (seeded service and week) @10 conns",
      await runLoad(findFreeSlots),
      TOOL_CALL_BUDGET,
    ),
  ];
}

/**
 * Vapi's tool call "find free slots" as a caller's assistant makes it during a call, through a connection of
 * the demo practice: each request a message of its own call (so each is a tool call run, not a repeat), for a
 * seeded random service by name and a week starting on one of the next 21 days. A request counts as failed
 * unless the tool answered (times, or that there are none), not an error.
 */
async function toolCalls(
  baseURL: string,
  staff: StaffSession,
  services: AssistantConfig["services"],
  from: string,
) {
  const connection = await createPlatformConnection(baseURL, staff, "vapi");
  const random = seededRandom(24);
  let sequence = 0;
  return async () => {
    const n = sequence++;
    const first = addCalendarDays(from, 1 + Math.floor(random() * 21));
    const args = {
      service: services[Math.floor(random() * services.length)]!.name,
      date: first,
      toDate: addCalendarDays(first, 6),
    };
    const body = JSON.stringify({
      message: {
        type: "tool-calls",
        timestamp: Date.now(),
        toolCallList: [
          {
            id: `call_bench_${n}`,
            type: "function",
            function: { name: "find_free_slots", arguments: JSON.stringify(args) },
          },
        ],
        call: { id: `bench-tool-call-${n}`, type: "inboundPhoneCall", customer: { number: "+14155550142" } },
        customer: { number: "+14155550142" },
      },
    });
    const response = await loadFetch(`${baseURL}/api/integrations/vapi/${connection.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...platformSignature("vapi", connection.secret, body) },
      body,
    });
    const answer = (await response.json()) as { results?: { result?: string }[] };
    return response.ok && typeof answer.results?.[0]?.result === "string";
  };
}

/** The first day, from today on, whose offset in TIMEZONE differs from the day before's (a night the clocks change). */
function nextClockChange(today: string): string {
  const offsetOn = (day: string) =>
    isoInZone(new Date(startOfCalendarDate(day, TIMEZONE).getTime() + DAY_MS / 2), TIMEZONE).slice(-6);
  let day = today;
  while (offsetOn(addCalendarDays(day, 1)) === offsetOn(day)) day = addCalendarDays(day, 1);
  return addCalendarDays(day, 1);
}

/** A staff write; the answer's data (a service's id is `_id`). */
const send = (baseURL: string, method: string, path: string, staff: StaffSession, body: unknown) =>
  fetch(`${baseURL}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: baseURL, Authorization: staff.authorization },
    body: JSON.stringify(body),
  }).then(async (response) => {
    if (!response.ok)
      throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: { _id?: string } }).data;
  });

/**
 * The longest answer there is: a business (in TIMEZONE, the sign-up default) open round the clock on a
 * 5-minute grid with no notice, asked for 31 days from a week before the next night the clocks change; the
 * answer is cut at 5,000 slots (some 17 days, that night among them).
 */
async function worstCase(baseURL: string, log: (line: string) => void): Promise<Figure[]> {
  const staff = await signUp(baseURL, "worst-case@bench.example", "bench password 1");
  const today = calendarDateAt(new Date(), TIMEZONE);
  const from = addCalendarDays(nextClockChange(today), -7);
  const to = addCalendarDays(from, 30);
  const horizon = (Date.parse(to) - Date.parse(today)) / DAY_MS;
  await send(baseURL, "PUT", "/api/availability", staff, {
    weeklySchedule: Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: "00:00", end: "24:00" }]])),
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 0,
    bookingHorizonDays: horizon,
    slotStepMinutes: 5,
  });
  const service = await send(baseURL, "POST", "/api/services", staff, {
    name: "Round the clock",
    duration: 30,
    price: 0,
    isActive: true,
  });
  const key = await createAssistantKey(baseURL, staff);
  const path = `/api/assistant/slots?serviceId=${service._id}&from=${from}&to=${to}`;
  const offered = await getData<Slot[]>(baseURL, path.replace("/assistant/", "/availability/"), staff);
  log(
    `${offered.length} slots round the clock from ${from} (cut at ${AVAILABILITY_LIMITS.slotsPerAnswerMax})`,
  );
  const ask = async () => {
    const response = await loadFetch(`${baseURL}${path}`, { headers: { "X-Api-Key": key } });
    await response.arrayBuffer();
    return response.ok;
  };
  await warmUp(ask, { seconds: 2 });
  return [
    {
      name: "worst case: slots in the answer (24/7, 5-minute grid, over a clock change)",
      value: offered.length,
      unit: "",
    },
    ...loadFigures("GET /api/assistant/slots worst case 31 days @10 conns", await runLoad(ask), BUDGET),
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
