import "@fullcalendar/react/skeleton.css";
import FullCalendar, {
  type CalendarRef,
  type EventDisplayInfo,
  type EventDropInfo,
  type LocaleInput,
} from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import listPlugin from "@fullcalendar/react/list";
import de from "@fullcalendar/react/locales/de";
import es from "@fullcalendar/react/locales/es";
import fr from "@fullcalendar/react/locales/fr";
import nl from "@fullcalendar/react/locales/nl";
import pl from "@fullcalendar/react/locales/pl";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import { msg, plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import type { CalendarBusyTime } from "@shared/calendar.schema";
import type { CalendarDate } from "@shared/calendar-date";
import { calendarDateAt } from "@shared/zoned-time";
import { useEffect, useMemo, useRef, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ApiError } from "../../../lib/api-client";
import { calendarDateFormat } from "../../../lib/calendar-week";
import { failureOf } from "../../../lib/error-wording";
import { timeOfDayFormat } from "../../../lib/zoned-format";
import { useBookingAction } from "../use-booking-action";
import { BookingEvent } from "./booking-event";
import { bookingEvents, busyEvents, HOUR_PX, linesFor, ONE_LINE_PX, visibleHours } from "./calendar-events";
import type { CalendarLook } from "./calendar-range";
import { calendarTheme } from "./calendar-theme";

// FullCalendar's own words (day names, "more", hints read to screen readers) in the interface languages;
// English is built in.
const LOCALES: LocaleInput[] = [pl, fr, de, es, nl];
const plugins = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;

/** The reschedule dialog's own question, for a drop outside the opening hours. */
const outsideHoursText = (time: string, day: string) =>
  msg`${time} on ${day} is outside the opening hours. Reschedule anyway, or choose another time.`;

export type BookingsFullCalendarProps = {
  /** FullCalendar's view (calendarViewOf) and how it reads to the tests and styles (data-calendar). */
  view: string;
  look: CalendarLook;
  date: CalendarDate;
  timeZone: string;
  bookings: readonly Booking[];
  /** The connected Google Calendar's busy times around the shown range (none without one). */
  busy: readonly CalendarBusyTime[];
  now: number;
  onOpen: (id: string) => void;
};

/**
 * The bookings on FullCalendar in the business's timezone (its named zones work with the Temporal polyfill)
 * and the interface language. A booking opens its panel (click, or Enter on its focused block); dragging a
 * pending or confirmed booking that has not started reschedules it through the same action as the dialog
 * (the booking-status machine's PUT body, If-Match); a refused move goes back where it was, with the reason.
 */
export function BookingsFullCalendar(props: BookingsFullCalendarProps) {
  const { view, look, date, timeZone, bookings, busy, now, onOpen } = props;
  const { t, i18n } = useLingui();
  const calendar = useRef<CalendarRef>(null);
  const { act } = useBookingAction();
  /** A drop refused as outside the opening hours, waiting for staff's answer. */
  const [outside, setOutside] = useState<{ booking: Booking; startTime: Date } | null>(null);
  const [saving, setSaving] = useState(false);
  const byId = useMemo(() => new Map(bookings.map((booking) => [booking._id, booking])), [bookings]);
  const events = useMemo(() => [...bookingEvents(bookings, now), ...busyEvents(busy)], [bookings, busy, now]);
  const hours = useMemo(
    () => visibleHours([...bookings.map((b) => ({ start: b.startTime, end: b.endTime })), ...busy], timeZone),
    [bookings, busy, timeZone],
  );

  // The URL says what is shown; the toolbar above changes the URL, and this follows it.
  useEffect(() => {
    calendar.current?.getApi().changeView(view, date);
  }, [view, date]);

  const time = timeOfDayFormat(i18n.locale, timeZone);
  const dayOf = calendarDateFormat(i18n.locale, { weekday: "long", month: "short", day: "numeric" });
  const renderEvent = ({ event }: EventDisplayInfo) => {
    const booking = byId.get(event.id);
    if (!booking) return true;
    const minutes = (Date.parse(booking.endTime) - Date.parse(booking.startTime)) / 60_000;
    const range = `${time(booking.startTime)}–${time(booking.endTime)}`;
    if (look === "list") return <BookingEvent booking={booking} time={range} lines="wrap" />;
    const lines = look === "month" ? 1 : linesFor(minutes);
    // One line has room for the start and the name; a taller block shows the whole range.
    return (
      <BookingEvent booking={booking} time={lines === 1 ? time(booking.startTime) : range} lines={lines} />
    );
  };

  const move = async ({ event, revert }: EventDropInfo) => {
    const booking = byId.get(event.id);
    if (!booking || !event.start) return revert();
    try {
      await act(booking, { type: "reschedule", startTime: event.start.toISOString() });
    } catch (error) {
      revert();
      if (!(error instanceof ApiError)) throw error;
      // The action's own toast says why for every refusal but the outside-hours one, which is a question.
      if (failureOf(error)?.code === "OUTSIDE_HOURS") setOutside({ booking, startTime: event.start });
    }
  };

  const moveAnyway = async () => {
    if (!outside) return;
    setSaving(true);
    try {
      const startTime = outside.startTime.toISOString();
      await act(outside.booking, { type: "reschedule", startTime, outsideHours: true });
    } catch (error) {
      // Refused again (the time was taken meanwhile): the action's toast has said why.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
      setOutside(null);
    }
  };

  return (
    <div data-calendar={look}>
      <FullCalendar
        ref={calendar}
        plugins={plugins}
        initialView={view}
        initialDate={date}
        timeZone={timeZone}
        locales={LOCALES}
        locale={i18n.locale}
        firstDay={1}
        headerToolbar={false}
        height="auto"
        fixedWeekCount={false}
        allDaySlot={false}
        nowIndicator
        now={now}
        slotDuration="00:30:00"
        slotMinHeight={HOUR_PX / 2}
        slotMinTime={hours.slotMinTime}
        slotMaxTime={hours.slotMaxTime}
        slotHeaderFormat={clock}
        eventTimeFormat={clock}
        eventMinHeight={ONE_LINE_PX}
        dayMaxEvents
        moreLinkClick="popover"
        moreLinkContent={({ num: more }) => <Plural value={more} one="+# more" other="+# more" />}
        moreLinkHint={(count: number) =>
          plural(count, { one: "Show # more booking", other: "Show # more bookings" })
        }
        closeHint={t`Close`}
        eventsHint={t`Bookings`}
        timedText={t`Times`}
        noEventsText={t`No bookings in this range.`}
        events={events}
        eventContent={renderEvent}
        eventClick={({ event }) => onOpen(event.id)}
        // Spec 5: no past times, as the reschedule dialog offers none. FullCalendar refuses the drop where it is
        // made (the server would take it). An instant: the business's clock and the device's agree on it.
        eventAllow={(span) => span.start.getTime() >= Date.now()}
        eventDrop={(info) => void move(info)}
        eventDurationEditable={false}
        {...calendarTheme}
      />
      <ConfirmDialog
        target={outside}
        tone="plain"
        pending={saving}
        onCancel={() => setOutside(null)}
        onConfirm={moveAnyway}
        title={() => t`Outside the opening hours`}
        description={({ startTime }) =>
          i18n._(outsideHoursText(time(startTime.toISOString()), dayOf(calendarDateAt(startTime, timeZone))))
        }
        confirmLabel={<Trans>Reschedule anyway</Trans>}
        pendingLabel={<Trans>Rescheduling...</Trans>}
      />
    </div>
  );
}
