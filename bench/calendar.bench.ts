// Google Calendar sync on either database (bench/databases.ts): the outbox of 10 businesses × 100 bookings sent to the fake
// Calendar API (tests/support) by the calendar delivery, events per second with the order of every calendar
// checked; and free slots for a month in-process (the slot finder: one statement, then the engine) with
// 2,000 calendar busy intervals.
import { sql } from "drizzle-orm";
import { createSlotFinder } from "../src/server/availability/slot-finder";
import { createBookings } from "../src/server/bookings/bookings-write.repo";
import { createCalendarApi } from "../src/server/calendar/calendar-api";
import { createCalendarDelivery } from "../src/server/calendar/calendar-delivery";
import { createLogger } from "../src/server/logger";
import { connectCalendar, createCalendarAccessDouble } from "../tests/support/calendar-access-double";
import { startFakeGoogleCalendar } from "../tests/support/fake-google-calendar";
import { tenant } from "./bookings.bench";
import type { BenchDatabase } from "./databases";
import type { Figure } from "./report";
import { numberedBooking } from "./telegram.bench";

const CALENDARS = 10;
const PER_CALENDAR = 100;
const BUSY_INTERVALS = 2_000;
const SLOT_SAMPLES = 200;
const MINUTE_MS = 60_000;

export async function calendarBench(log: (line: string) => void, target: BenchDatabase): Promise<Figure[]> {
  const section = await target.fresh("calendar");
  const fake = await startFakeGoogleCalendar();
  const database = await section.open();
  try {
    await database.migrate();
    const { db } = database;
    const double = createCalendarAccessDouble();
    double.bind({ db });
    log(`${CALENDARS} businesses with a connected calendar, ${PER_CALENDAR} bookings each`);
    const calendars: { businessId: string; serviceId: string; calendarId: string }[] = [];
    for (let n = 0; n < CALENDARS; n++) {
      const { businessId, serviceId } = await tenant(db, `calendar-bench-${n}@example.com`, 30);
      const calendarId = `bench${n}@example.com`;
      await connectCalendar(db, businessId, calendarId, new Date());
      calendars.push({ businessId, serviceId, calendarId });
    }
    for (let i = 0; i < PER_CALENDAR; i++)
      await createBookings(
        db,
        calendars.map((c) => numberedBooking(c, i)),
      );
    const delivery = createCalendarDelivery({
      db,
      clock: () => new Date(),
      logger: createLogger("warn"),
      api: createCalendarApi({ baseUrl: fake.url, access: double.access }),
      access: double.access,
      appOrigin: null,
    });
    const total = CALENDARS * PER_CALENDAR;
    const made = () => calendars.reduce((sum, c) => sum + fake.live(c.calendarId).length, 0);
    log(`syncing ${total} bookings`);
    const started = performance.now();
    await delivery.job.run(new Date());
    while (made() < total) await new Promise((resolve) => setTimeout(resolve, 20));
    const seconds = (performance.now() - started) / 1000;
    await delivery.stop();
    const outOfOrder = calendars.filter((c) =>
      fake.events(c.calendarId).some((e, i) => e.summary !== `Consultation · Customer ${i}`),
    ).length;

    // Slots: the first business, its calendar holding 2,000 busy intervals over the month asked.
    const [first] = calendars;
    const monthStart = Date.parse("2030-02-01T00:00:00Z");
    const busy = Array.from({ length: BUSY_INTERVALS }, (_, i) => {
      const start = monthStart + i * 22 * MINUTE_MS;
      return { s: new Date(start).toISOString(), e: new Date(start + 15 * MINUTE_MS).toISOString() };
    });
    await db.execute(
      sql`insert into calendar_busy (business_id, starts_at, ends_at)
        select ${first!.businessId}::uuid, v.s, v.e
        from jsonb_to_recordset(${JSON.stringify(busy)}::jsonb) as v(s timestamptz, e timestamptz)`,
    );
    const findSlots = createSlotFinder({ db, clock: () => new Date("2030-01-31T12:00:00Z") });
    const query = { serviceId: first!.serviceId, from: "2030-02-01", to: "2030-03-03" };
    const timings: number[] = [];
    for (let i = 0; i < SLOT_SAMPLES; i++) {
      const t0 = performance.now();
      await findSlots(first!.businessId, query);
      timings.push(performance.now() - t0);
    }
    timings.sort((a, b) => a - b);
    const at = (p: number) => Math.round(timings[Math.floor(((SLOT_SAMPLES - 1) * p) / 100)]! * 10) / 10;
    return [
      {
        name: `bookings → Google Calendar, ${CALENDARS} calendars`,
        value: Math.round(total / seconds),
        unit: "events/s",
        budget: "≥ 100 events/s",
        note: `${total} events in ${seconds.toFixed(1)} s; ${outOfOrder ? `${outOfOrder} calendars OUT OF ORDER` : "every calendar in order"}; ${made() - total} extra events`,
      },
      { name: `slots for a month, ${BUSY_INTERVALS} calendar busy intervals p50`, value: at(50), unit: "ms" },
      {
        name: `slots for a month, ${BUSY_INTERVALS} calendar busy intervals p99`,
        value: at(99),
        unit: "ms",
        budget: "≤ 20 ms",
      },
    ];
  } finally {
    await database.close();
    await fake.close();
    await section.drop();
  }
}
