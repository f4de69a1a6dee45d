// Bookings at volume, on either database: the list of a business holding 100,000 bookings at every
// depth, 50 clients booking one slot at once, bookings of distinct free slots per second, and free slots over
// a month holding 2,000 bookings. BOOKINGS_BENCH_SIZE=2000 runs it small (to check that it runs).
import type { WeeklySchedule } from "@shared/availability.schema";
import type { BookingScope } from "@shared/booking.constants";
import type { BookingList, BookingStatus } from "@shared/booking.schema";
import { addCalendarDays, calendarDateAt, startOfCalendarDate } from "@shared/zoned-time";
import { sql } from "drizzle-orm";
import { createAccount } from "../src/server/auth/accounts";
import { replaceWeeklySchedule } from "../src/server/availability/weekly-hours.repo";
import { listBookings } from "../src/server/bookings/bookings-read.repo";
import { type BulkBooking, insertBookings } from "../src/server/bookings/bookings-write.repo";
import { inclusiveRange } from "../src/server/calls/call-list-range";
import { updateAvailabilityRules } from "../src/server/company/businesses.repo";
import type { Database } from "../src/server/db/database";
import { insertService } from "../src/server/services/services.repo";
import type { BenchDatabase } from "./databases";
import { floorFigures } from "./floor.bench";
import { createAssistantKey, getData, signIn } from "./http-session";
import { loadFetch, runLoad, warmUp } from "./load";
import { type Figure, loadFigures } from "./report";
import { withServerProcess } from "./with-server";

const PASSWORD = "bench password 1";
const TIMEZONE = "America/New_York";
const MINUTE_MS = 60_000;
const STATUSES: BookingStatus[] = ["pending", "confirmed", "completed", "cancelled"];
const ALL_DAY: WeeklySchedule = Object.fromEntries(
  ["0", "1", "2", "3", "4", "5", "6"].map((day) => [day, [{ start: "00:00", end: "24:00" }]]),
) as WeeklySchedule;
const OPEN_RULES = {
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  bookingHorizonDays: 60,
  slotStepMinutes: 5,
};
const MONTH_BOOKINGS = 2_000;
/** The worst case of the list: few days, each holding this many bookings (zero-length, so they may share). */
const CROWDED_DAY_BOOKINGS = 5_000;
const CROWDED_DAYS = 4;
const IN_PROCESS_CALLS = 60;
const RACERS = 50;
const THROUGHPUT_BOOKINGS = 3_000;
const WARMUP_SECONDS = 5;

export type Tenant = { email: string; businessId: string; serviceId: string };

/** A business (an account) with one service of `durationMinutes`. */
export async function tenant(db: Database, email: string, durationMinutes: number): Promise<Tenant> {
  const user = await createAccount(db, email, PASSWORD, new Date());
  const service = await insertService(
    db,
    user.businessId,
    {
      name: "Consultation",
      description: null,
      durationMinutes,
      priceCents: 5_000,
      category: null,
      isActive: true,
      bufferBeforeMinutes: null,
      bufferAfterMinutes: null,
    },
    new Date(),
  );
  return { email, businessId: user.businessId, serviceId: service.id };
}

const bulk = (t: Tenant, startTime: Date, durationMinutes: number, status: BookingStatus, i: number) =>
  ({
    externalId: null,
    source: "assistant",
    serviceId: t.serviceId,
    serviceName: "Consultation",
    durationMinutes,
    priceCents: 5_000,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    customerName: `Bench Customer ${i}`,
    customerPhone: `+1555${String(i).padStart(7, "0")}`,
    notes: null,
    callId: null,
    callExternalId: null,
    startTime,
    status,
    createdAt: new Date(startTime.getTime() - 86_400_000),
  }) satisfies BulkBooking;

export async function bookingsBench(log: (line: string) => void, target: BenchDatabase): Promise<Figure[]> {
  const size = Number(process.env.BOOKINGS_BENCH_SIZE ?? 100_000);
  const section = await target.fresh("bookings");
  try {
    const started = performance.now();
    const database = await section.open();
    await database.migrate();
    const db = database.db;
    const now = Date.now();
    // The busy business: 30-minute bookings 40 minutes apart, half of them past, statuses in turn.
    const busy = await tenant(db, "busy-diary@example.com", 30);
    const rows = Array.from({ length: size }, (_, i) =>
      bulk(busy, new Date(now + (i - size / 2) * 40 * MINUTE_MS), 30, STATUSES[i % 4]!, i),
    );
    await insertBookings(db, busy.businessId, rows, { kind: "system", id: null, name: null });
    // Open all day, every day, 5-minute slots: room for the races and the throughput run.
    const open = await tenant(db, "open-diary@example.com", 5);
    // A month holding 2,000 bookings: 10 minutes every 20 from tomorrow on (slots every 15 minutes).
    const month = await tenant(db, "full-month@example.com", 5);
    const tomorrow = startOfCalendarDate(
      addCalendarDays(calendarDateAt(new Date(now), TIMEZONE), 1),
      TIMEZONE,
    );
    await insertBookings(
      db,
      month.businessId,
      Array.from({ length: MONTH_BOOKINGS }, (_, i) =>
        bulk(
          month,
          new Date(tomorrow.getTime() + i * 20 * MINUTE_MS),
          10,
          i % 2 ? "confirmed" : "pending",
          i,
        ),
      ),
      { kind: "system", id: null, name: null },
    );
    for (const [t, rules] of [
      [open, OPEN_RULES],
      [month, { ...OPEN_RULES, slotStepMinutes: 15 }],
    ] as const) {
      await replaceWeeklySchedule(db, t.businessId, ALL_DAY);
      await updateAvailabilityRules(db, t.businessId, rules);
    }
    // Few days crowded with bookings, from the day before yesterday on (so now falls inside one of them).
    const crowded = await tenant(db, "crowded-days@example.com", 5);
    const crowdedFrom = startOfCalendarDate(
      addCalendarDays(calendarDateAt(new Date(now), TIMEZONE), -2),
      TIMEZONE,
    );
    const dayMs = 86_400_000;
    await insertBookings(
      db,
      crowded.businessId,
      Array.from({ length: CROWDED_DAYS * CROWDED_DAY_BOOKINGS }, (_, i) =>
        bulk(
          crowded,
          new Date(
            crowdedFrom.getTime() +
              Math.floor(i / CROWDED_DAY_BOOKINGS) * dayMs +
              Math.floor(((i % CROWDED_DAY_BOOKINGS) * dayMs) / CROWDED_DAY_BOOKINGS),
          ),
          0,
          STATUSES[i % 4]!,
          i,
        ),
      ),
      { kind: "system", id: null, name: null },
    );
    const seeded = size + MONTH_BOOKINGS + CROWDED_DAYS * CROWDED_DAY_BOOKINGS;
    log(
      `seeded ${seeded.toLocaleString("en")} bookings in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    // What autovacuum would do next (PGlite has none, PostgreSQL's may not have yet): statistics and a
    // visibility map for index-only scans.
    await db.execute(sql`vacuum analyze`);
    const inProcess = [
      ...(await inProcessFigures(db, busy.businessId, listPages(busyTotals(size)), "")),
      ...(await inProcessFigures(db, crowded.businessId, crowdedPages, "crowded days, ")),
    ];
    await database.close();

    return await withServerProcess({ ...section.serverEnv, SEED_DEMO: "false" }, async (server) => [
      ...inProcess,
      ...(await listFigures(server.baseURL, busy, size, crowded, { p99: target.listP99 })),
      ...(await writeFigures(server.baseURL, open)),
      ...(await monthFigures(server.baseURL, month)),
    ]);
  } finally {
    await section.drop();
  }
}

/** A page of the list as the bench asks for it: the query string, and the same filter for an in-process call. */
type ListPage = {
  label: string;
  status: BookingStatus | null;
  scope: BookingScope;
  page: number;
  from?: string;
  to?: string;
};

const query = (p: ListPage) =>
  new URLSearchParams({
    limit: "10",
    scope: p.scope,
    page: String(p.page),
    ...(p.status ? { status: p.status } : {}),
    ...(p.from ? { from: p.from } : {}),
    ...(p.to ? { to: p.to } : {}),
  }).toString();

type Totals = { all: number; confirmed: number; upcoming: number; past: number; month: number };

/** What the busy business's seeding makes: every 40 minutes, statuses in turn, half of them past. */
const busyTotals = (size: number): Totals => ({
  all: size,
  confirmed: size / 4,
  upcoming: size / 2,
  past: size / 2,
  month: Math.round((31 * 24 * 60) / 40),
});

const middle = (total: number) => Math.max(1, Math.ceil(total / 20));
const last = (total: number) => Math.max(1, Math.ceil(total / 10));

/** The list's figures: the first, a middle and the last page, with and without a status filter, each scope, a range. */
function listPages(t: Totals): ListPage[] {
  const today = calendarDateAt(new Date(), TIMEZONE);
  return [
    { label: "page 1", status: null, scope: "all", page: 1 },
    { label: "middle page", status: null, scope: "all", page: middle(t.all) },
    { label: "last page", status: null, scope: "all", page: last(t.all) },
    { label: "status=confirmed page 1", status: "confirmed", scope: "all", page: 1 },
    { label: "status=confirmed middle page", status: "confirmed", scope: "all", page: middle(t.confirmed) },
    { label: "status=confirmed last page", status: "confirmed", scope: "all", page: last(t.confirmed) },
    { label: "upcoming (default) page 1", status: null, scope: "upcoming", page: 1 },
    { label: "upcoming middle page", status: null, scope: "upcoming", page: middle(t.upcoming) },
    { label: "past page 1", status: null, scope: "past", page: 1 },
    { label: "past middle page", status: null, scope: "past", page: middle(t.past) },
    {
      label: "from/to a month, middle page",
      status: null,
      scope: "all",
      page: middle(t.month),
      from: addCalendarDays(today, -15),
      to: addCalendarDays(today, 15),
    },
  ];
}

/** Days of 5,000 bookings: the deepest pages inside one day, with and without a filter, and now inside one. */
const crowdedPages: ListPage[] = [
  { label: "middle page", status: null, scope: "all", page: (CROWDED_DAYS * CROWDED_DAY_BOOKINGS) / 20 },
  { label: "last page", status: null, scope: "all", page: (CROWDED_DAYS * CROWDED_DAY_BOOKINGS) / 10 },
  {
    label: "status=confirmed middle page",
    status: "confirmed",
    scope: "all",
    page: CROWDED_DAY_BOOKINGS / 20,
  },
  { label: "upcoming (default) page 1", status: null, scope: "upcoming", page: 1 },
  { label: "upcoming middle page", status: null, scope: "upcoming", page: CROWDED_DAY_BOOKINGS / 10 },
  { label: "past middle page", status: null, scope: "past", page: CROWDED_DAY_BOOKINGS / 10 },
];

/**
 * Milliseconds per listBookings call in the bench process itself (p50 and p99 of 60 sequential calls): what
 * the list costs the database, without HTTP, and steadier than load figures on a busy machine.
 */
async function inProcessFigures(
  db: Database,
  businessId: string,
  pages: ListPage[],
  prefix: string,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const p of pages) {
    const filter = {
      status: p.status,
      scope: p.scope,
      range: inclusiveRange({ name: "from", text: p.from }, { name: "to", text: p.to }, TIMEZONE),
      page: p.page,
      limit: 10,
      now: new Date(),
    };
    const times: number[] = [];
    for (let i = 0; i < IN_PROCESS_CALLS; i++) {
      const started = performance.now();
      await listBookings(db, businessId, filter);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(times[Math.min(times.length - 1, Math.floor(times.length * q))]! * 100) / 100;
    figures.push({
      name: `listBookings in-process, ${prefix}${p.label} p50 / p99`,
      value: at(0.5),
      unit: "ms",
      note: `p99 ${at(0.99)} ms`,
    });
  }
  return figures;
}

async function listFigures(
  baseURL: string,
  busy: Tenant,
  size: number,
  crowded: Tenant,
  listBudget: { p99: string },
): Promise<Figure[]> {
  const all = await getData<BookingList>(
    baseURL,
    "/api/bookings?limit=10&scope=all",
    await signIn(baseURL, busy.email, PASSWORD),
  );
  const figures: Figure[] = [
    { name: "bookings in the busy business", value: all.total, unit: "", budget: size.toLocaleString("en") },
  ];
  for (const [tenantOf, pages, prefix] of [
    [busy, listPages(busyTotals(size)), ""],
    [crowded, crowdedPages, "crowded days, "],
  ] as const) {
    const staff = await signIn(baseURL, tenantOf.email, PASSWORD);
    const get = (p: ListPage) => async () => {
      const response = await loadFetch(`${baseURL}/api/bookings?${query(p)}`, {
        headers: { Authorization: staff.authorization },
      });
      await response.arrayBuffer();
      return response.ok;
    };
    await warmUp((worker) => get(pages[worker % pages.length]!)(), { seconds: WARMUP_SECONDS });
    if (tenantOf === busy) figures.push(...(await floorFigures(baseURL)));
    for (const p of pages)
      figures.push(
        ...loadFigures(`GET /api/bookings ${prefix}${p.label} @10 conns`, await runLoad(get(p)), listBudget),
      );
  }
  return figures;
}

type SlotList = { start: string; end: string }[];

async function writeFigures(baseURL: string, open: Tenant): Promise<Figure[]> {
  const staff = await signIn(baseURL, open.email, PASSWORD);
  const key = await createAssistantKey(baseURL, staff);
  const today = calendarDateAt(new Date(), TIMEZONE);
  const slots = await getData<SlotList>(
    baseURL,
    `/api/availability/slots?serviceId=${open.serviceId}&from=${addCalendarDays(today, 1)}&to=${addCalendarDays(today, 30)}`,
    staff,
  );
  let sequence = 0;
  const book = async (startTime: string) => {
    const n = sequence++;
    const response = await loadFetch(`${baseURL}/api/assistant/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Api-Key": key },
      body: JSON.stringify({
        externalId: `bench-${n}`,
        serviceId: open.serviceId,
        startTime,
        customerName: "Bench Caller",
        customerPhone: `+1555${String(n).padStart(7, "0")}`,
      }),
    });
    await response.arrayBuffer();
    return response.status;
  };

  // 50 clients, one slot, all at once.
  const contested = slots.shift()!.start;
  const statuses = await Promise.all(Array.from({ length: RACERS }, () => book(contested)));
  const created = statuses.filter((s) => s === 201).length;
  const refused = statuses.filter((s) => s === 409).length;

  // Distinct free slots, 10 clients, each taking the next slot from a shared queue.
  const queue = slots.slice(0, THROUGHPUT_BOOKINGS);
  const total = queue.length;
  let failed = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let slot = queue.shift(); slot; slot = queue.shift())
        if ((await book(slot.start)) !== 201) failed++;
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  return [
    {
      name: `${RACERS} clients booking one slot at once: created`,
      value: created,
      unit: "",
      budget: "exactly 1",
      note: `${refused} × 409`,
    },
    {
      name: "POST /api/assistant/bookings, distinct free slots @10 conns",
      value: Math.round((total - failed) / seconds),
      unit: "bookings/s",
      budget: "≥ 500/s",
      ...(failed ? { note: `${failed} refused` } : {}),
    },
  ];
}

async function monthFigures(baseURL: string, month: Tenant): Promise<Figure[]> {
  const staff = await signIn(baseURL, month.email, PASSWORD);
  const key = await createAssistantKey(baseURL, staff);
  const from = calendarDateAt(new Date(), TIMEZONE);
  const path = `/api/assistant/slots?serviceId=${month.serviceId}&from=${from}&to=${addCalendarDays(from, 30)}`;
  const get = async () => {
    const response = await loadFetch(`${baseURL}${path}`, { headers: { "X-Api-Key": key } });
    await response.arrayBuffer();
    return response.ok;
  };
  await warmUp(get, { seconds: 2 });
  return loadFigures(
    `GET /api/assistant/slots, 31 days holding ${MONTH_BOOKINGS.toLocaleString("en")} bookings @10 conns`,
    await runLoad(get),
    { p99: "≤ 20 ms" },
  );
}
