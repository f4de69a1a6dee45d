import type { WeeklySchedule } from "@shared/availability.schema";
import type { BookingStatus } from "@shared/booking.constants";
import { type CalendarDate, weekdayOfCalendarDate } from "@shared/calendar-date";
import { addCalendarDays, calendarDateAt, calendarDayAround, firstInstantShowing } from "@shared/zoned-time";
import type { BulkBooking } from "../bookings/bookings-write.repo";
import { FIRST_NAMES, LAST_NAMES } from "./call-generator";

const MINUTE_MS = 60_000;
const STEP_MINUTES = 15;
const FALLBACK_SERVICE = "Check-up & Cleaning";

export type DemoBookingService = {
  id: string;
  name: string;
  durationMinutes: number;
  priceCents: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
};

export type DemoBookingCall = {
  id: string;
  externalId: string;
  startedAt: Date;
  durationSeconds: number;
  outcome: string | null;
  serviceName: string | null;
  callerName: string | null;
  callerNumber: string;
};

export type DemoBookingsInput = {
  now: Date;
  timezone: string;
  schedule: WeeklySchedule;
  /** Days the practice is closed (its blackout dates). */
  closedDates: readonly CalendarDate[];
  services: readonly DemoBookingService[];
  calls: readonly DemoBookingCall[];
};

/**
 * The demo practice's bookings as of `now`: one for each call the assistant booked (a few days after the call,
 * made when the call ended, for the caller), and walk-ins staff added over the three weeks before and after
 * today, a few of them today. All inside the opening hours, none overlapping another (buffers included,
 * cancelled ones too), past ones mostly completed, coming ones pending or confirmed, some cancelled.
 * Deterministic for a given input.
 */
export function demoBookings(input: DemoBookingsInput): BulkBooking[] {
  const { now, timezone, schedule, services } = input;
  let seed = 20260303;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const closed = new Set(input.closedDates);
  const byName = new Map(services.map((s) => [s.name, s]));
  const taken: [number, number][] = [];
  const today = calendarDateAt(now, timezone);

  const startsOn = (date: CalendarDate, service: DemoBookingService): number[] => {
    if (closed.has(date)) return [];
    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    return (schedule[String(weekdayOfCalendarDate(date)) as keyof WeeklySchedule] ?? []).flatMap(
      ({ start, end }) => {
        const [open, close] = [start, end].map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)));
        const starts: number[] = [];
        for (let m = open!; m + service.durationMinutes <= close!; m += STEP_MINUTES) {
          const wall = {
            year,
            month,
            day,
            hour: Math.floor(m / 60),
            minute: m % 60,
            second: 0,
            millisecond: 0,
          };
          starts.push(firstInstantShowing(wall, timezone).getTime());
        }
        return starts;
      },
    );
  };

  /** A free start for `service` on one of the days `fromDay`…`toDay` after `date`, not before `notBefore`. */
  const place = (
    service: DemoBookingService,
    date: CalendarDate,
    [fromDay, toDay]: [number, number],
    notBefore: number,
  ): number | null => {
    const first = fromDay + Math.floor(random() * (toDay - fromDay + 1));
    for (let i = 0; i <= toDay - fromDay; i++) {
      const offset = fromDay + ((first - fromDay + i) % (toDay - fromDay + 1));
      const starts = startsOn(addCalendarDays(date, offset), service);
      const from = Math.floor(random() * starts.length);
      for (let j = 0; j < starts.length; j++) {
        const start = starts[(from + j) % starts.length]!;
        if (start < notBefore) continue;
        const occupied: [number, number] = [
          start - service.bufferBeforeMinutes * MINUTE_MS,
          start + (service.durationMinutes + service.bufferAfterMinutes) * MINUTE_MS,
        ];
        if (taken.some(([s, e]) => s < occupied[1] && occupied[0] < e)) continue;
        taken.push(occupied);
        return start;
      }
    }
    return null;
  };

  const statusAt = (start: number): BookingStatus => {
    const roll = random();
    if (start < now.getTime()) return roll < 0.8 ? "completed" : roll < 0.92 ? "cancelled" : "confirmed";
    return roll < 0.45 ? "pending" : roll < 0.9 ? "confirmed" : "cancelled";
  };

  const bookingOf = (
    service: DemoBookingService,
    start: number,
    rest: Pick<
      BulkBooking,
      "source" | "customerName" | "customerPhone" | "callId" | "callExternalId" | "createdAt"
    >,
  ): BulkBooking => ({
    externalId: rest.callExternalId ? `demo-booking-${rest.callExternalId}` : null,
    serviceId: service.id,
    serviceName: service.name,
    durationMinutes: service.durationMinutes,
    priceCents: service.priceCents,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    notes: null,
    startTime: new Date(start),
    status: statusAt(start),
    ...rest,
  });

  const bookings: BulkBooking[] = [];
  for (const call of input.calls) {
    if (call.outcome !== "booked") continue;
    const service = byName.get(call.serviceName ?? FALLBACK_SERVICE) ?? byName.get(FALLBACK_SERVICE);
    if (!service) continue;
    const endedAt = call.startedAt.getTime() + call.durationSeconds * 1000;
    const start = place(service, calendarDateAt(call.startedAt, timezone), [1, 8], endedAt);
    if (start === null) continue;
    bookings.push(
      bookingOf(service, start, {
        source: "assistant",
        customerName: call.callerName ?? `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
        customerPhone: call.callerNumber,
        callId: call.id,
        callExternalId: call.externalId,
        createdAt: new Date(endedAt),
      }),
    );
  }

  const walkIns = services.filter((s) => s.name !== "Emergency Visit");
  const todayStart = calendarDayAround(now, timezone).start.getTime();
  for (let i = 0; i < 40; i++) {
    const service = pick(walkIns);
    // Half in the three weeks before today, half in the three after; the first three made earlier today.
    const days: [number, number] = i % 2 === 0 ? [-21, -1] : [1, 21];
    const start = place(service, today, days, i % 2 === 0 ? 0 : now.getTime());
    if (start === null) continue;
    const madeToday = i < 6 && i % 2 === 1;
    const createdAt = madeToday
      ? Math.max(todayStart, now.getTime() - (i + 1) * 17 * MINUTE_MS)
      : Math.min(start, now.getTime()) - (1 + Math.floor(random() * 6)) * 24 * 60 * MINUTE_MS;
    bookings.push(
      bookingOf(service, start, {
        source: "staff",
        customerName: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
        customerPhone: `+1 555 01${String(20 + i).padStart(2, "0")}`,
        callId: null,
        callExternalId: null,
        createdAt: new Date(createdAt),
      }),
    );
  }
  return bookings;
}
