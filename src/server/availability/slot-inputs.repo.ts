import type { AvailabilityRules, BlackoutDate, WeeklySchedule } from "@shared/availability.schema";
import type { CalendarDate } from "@shared/calendar-date";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import type { BlackoutDateRow, WeeklyHoursRow } from "../db/schema/availability.schema";
import { blackoutOf } from "./blackout-dates.repo";
import type { BusyInterval, SlotService } from "./slot-engine";
import { weeklyScheduleOfRows } from "./weekly-hours.repo";

/** What the free slots of one service on some days depend on, as of one moment. */
export type SlotInputs = {
  timezone: string;
  rules: AvailabilityRules;
  /** Null when the service is unknown, inactive or another business's; its buffers null follow the rules. */
  service: {
    durationMinutes: number;
    bufferBeforeMinutes: number | null;
    bufferAfterMinutes: number | null;
  } | null;
  weeklySchedule: WeeklySchedule;
  /** Those that close any of the days asked. */
  blackoutDates: BlackoutDate[];
  /**
   * The Google Calendar's busy time around the days asked, and the bookings' unless left out, when asked (see
   * SlotInputsQuestion.busy); else none.
   */
  busy: BusyInterval[];
};

/** The service's duration and buffers (its own, else the business's); null for no active service. */
export const slotServiceOf = ({ service, rules }: SlotInputs): SlotService | null =>
  service && {
    durationMinutes: service.durationMinutes,
    bufferBeforeMinutes: service.bufferBeforeMinutes ?? rules.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes ?? rules.bufferAfterMinutes,
  };

type Row = {
  n: number;
  timezone: string;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  minimum_notice_minutes: number;
  booking_horizon_days: number;
  slot_step_minutes: number;
  duration_minutes: number | null;
  service_before: number | null;
  service_after: number | null;
  hours: string;
  blackouts: string;
  busy: string | null;
};

/**
 * What readSlotInputsOf is asked: one service of one business on some days; with `busy`, the busy time around
 * them too: the Google Calendar's and the business's bookings' less that of the booking being moved
 * (`ignoreBookingId`), as the free slots need it, or the calendar's alone (`calendarOnly`: deciding one start
 * leaves the bookings' to the exclusion constraint, which knows nothing of the calendar).
 */
export type SlotInputsQuestion = {
  businessId: string;
  serviceId: string;
  from: CalendarDate;
  to: CalendarDate;
  busy?: { ignoreBookingId?: string } | { calendarOnly: true };
};

/**
 * One statement (the slots endpoints are the assistant's hottest read): the business's rules, the service,
 * the week and the blackouts of `from`..`to`. Null when the business does not exist.
 */
export async function readSlotInputs(
  db: Executor,
  businessId: string,
  serviceId: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<SlotInputs | null> {
  const [inputs] = await readSlotInputsOf(db, [{ businessId, serviceId, from, to }]);
  return inputs ?? null;
}

/**
 * readSlotInputs for many questions in one statement (bookings arriving together are decided together, free
 * slots asked together are read together): each answered in order, null when its business does not exist.
 *
 * Busy time is the occupied ranges (buffers included) of the business's bookings but cancelled ones, read
 * through the no-double-booking constraint's gist index (the predicate repeats the constraint's), and the
 * busy times of the business's Google Calendar (calendar_busy, kept by calendar/calendar-sync.ts). It is read
 * from a day before `from` to a day after `to`, in UTC: local midnight is within 16 hours of UTC midnight in any
 * zone (an hour more on a night the clocks change) and a buffer is at most 4 hours, so that holds every
 * booking that can touch the days' appointments, with no timezone in the statement; the engine passes by the
 * few around them.
 */
export async function readSlotInputsOf(
  db: Executor,
  questions: readonly SlotInputsQuestion[],
): Promise<(SlotInputs | null)[]> {
  const asked = questions.map((q, n) => ({
    n,
    business_id: q.businessId,
    service_id: q.serviceId,
    from_date: q.from,
    to_date: q.to,
    with_calendar: q.busy !== undefined,
    with_bookings: q.busy !== undefined && !("calendarOnly" in q.busy),
    ignore_booking_id: q.busy && "ignoreBookingId" in q.busy ? q.busy.ignoreBookingId : null,
  }));
  // Busy time as one text value, not a row per booking: a month of a busy diary is thousands of rows, and
  // each row costs the embedded database far more to hand over than its two numbers cost to print.
  const rows = await rawRows<Row>(
    db,
    sql`select q.n, b.timezone, b.buffer_before_minutes, b.buffer_after_minutes, b.minimum_notice_minutes,
        b.booking_horizon_days, b.slot_step_minutes,
        s.duration_minutes, s.buffer_before_minutes as service_before, s.buffer_after_minutes as service_after,
        (select coalesce(json_agg(json_build_object('weekday', w.weekday, 'startMinute', w.start_minute,
            'endMinute', w.end_minute) order by w.weekday, w.start_minute), '[]')::text
          from weekly_hours w where w.business_id = b.id) as hours,
        (select coalesce(json_agg(json_build_object('id', d.id, 'startDate', d.start_date,
            'endDate', d.end_date, 'startMinute', d.start_minute, 'endMinute', d.end_minute, 'reason', d.reason)
            order by d.start_date, d.start_minute, d.id), '[]')::text
          from blackout_dates d
          where d.business_id = b.id and d.end_date >= q.from_date and d.start_date <= q.to_date) as blackouts,
        concat_ws(',',
          (select string_agg((extract(epoch from k.occupied_start) * 1000)::int8 || ','
              || (extract(epoch from k.occupied_end) * 1000)::int8, ',')
            from bookings k
            where q.with_bookings
              and k.business_id = b.id
              and k.status <> 'cancelled'
              and tstzrange(k.occupied_start, k.occupied_end) && tstzrange(
                (q.from_date - 1)::timestamp at time zone 'UTC', (q.to_date + 2)::timestamp at time zone 'UTC')
              and k.id is distinct from q.ignore_booking_id),
          (select string_agg((extract(epoch from g.starts_at) * 1000)::int8 || ','
              || (extract(epoch from g.ends_at) * 1000)::int8, ',')
            from calendar_busy g
            where q.with_calendar
              and g.business_id = b.id
              and g.starts_at < (q.to_date + 2)::timestamp at time zone 'UTC'
              and g.ends_at > (q.from_date - 1)::timestamp at time zone 'UTC')) as busy
      from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb)
        as q(n int, business_id uuid, service_id uuid, from_date date, to_date date, with_calendar boolean,
          with_bookings boolean, ignore_booking_id uuid)
      join businesses b on b.id = q.business_id
      left join services s on s.business_id = b.id and s.id = q.service_id and s.is_active`,
  );
  const answers: (SlotInputs | null)[] = questions.map(() => null);
  for (const row of rows) answers[row.n] = inputsOf(row);
  return answers;
}

/** Busy time as the statement prints it: start,end,start,end… in epoch milliseconds. */
function busyOf(printed: string | null): BusyInterval[] {
  const bounds = printed ? printed.split(",").map(Number) : [];
  const intervals: BusyInterval[] = [];
  for (let i = 0; i < bounds.length; i += 2)
    intervals.push({ start: new Date(bounds[i]!), end: new Date(bounds[i + 1]!) });
  return intervals;
}

function inputsOf(row: Row): SlotInputs {
  const hours: Pick<WeeklyHoursRow, "weekday" | "startMinute" | "endMinute">[] = JSON.parse(row.hours);
  const blackouts: BlackoutDateRow[] = JSON.parse(row.blackouts);
  return {
    timezone: row.timezone,
    rules: {
      bufferBeforeMinutes: row.buffer_before_minutes,
      bufferAfterMinutes: row.buffer_after_minutes,
      minimumNoticeMinutes: row.minimum_notice_minutes,
      bookingHorizonDays: row.booking_horizon_days,
      slotStepMinutes: row.slot_step_minutes,
    },
    service:
      row.duration_minutes === null
        ? null
        : {
            durationMinutes: row.duration_minutes,
            bufferBeforeMinutes: row.service_before,
            bufferAfterMinutes: row.service_after,
          },
    weeklySchedule: weeklyScheduleOfRows(hours),
    blackoutDates: blackouts.map(blackoutOf),
    busy: busyOf(row.busy),
  };
}
