import { Trans, useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import type { CalendarDate } from "@shared/calendar-date";
import { css, cx } from "styled-system/css";
import { calendarDateFormat } from "../../../lib/calendar-week";
import { timeOfDayFormat } from "../../../lib/zoned-format";
import { BookingBlock } from "./booking-block";
import { type DayPlacement, laneOf, placeOnDay, visibleHours } from "./calendar-range";

type WeekGridProps = {
  days: CalendarDate[];
  today: CalendarDate;
  bookings: Booking[];
  timeZone: string;
  onOpen: (id: string) => void;
};

const HOUR_REM = 3;
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

const todayBadge = css({
  display: "inline-block",
  ms: "1",
  px: "1",
  borderRadius: "l1",
  bg: "colorPalette.default",
  color: "colorPalette.fg",
  colorPalette: "indigo",
  fontSize: "2xs",
  fontWeight: "semibold",
});

/**
 * Seven day columns on an hour axis, each booking placed by its start and as tall as it lasts. Below md the
 * same week is a list of days (an agenda): seven columns of times do not fit a phone without sideways scroll.
 */
export function WeekGrid({ days, today, bookings, timeZone, onOpen }: WeekGridProps) {
  const { i18n } = useLingui();
  const dayName = calendarDateFormat(i18n.locale, { weekday: "short", day: "numeric" });
  const longDayName = calendarDateFormat(i18n.locale, { weekday: "long", day: "numeric", month: "long" });
  const time = timeOfDayFormat(i18n.locale, timeZone);
  const placed = days.map((day) => placeOnDay(bookings, day, timeZone));
  const { first, last } = visibleHours(placed.flat());
  const hours = Array.from({ length: last - first }, (_, index) => first + index);
  const height = `${(last - first) * HOUR_REM}rem`;
  const todayMark = (
    <span className={todayBadge}>
      <Trans>Today</Trans>
    </span>
  );
  const span = (booking: Booking) => `${time(booking.startTime)}–${time(booking.endTime)}`;

  return (
    <>
      <div
        data-calendar="week"
        className={css({
          display: { base: "none", md: "grid" },
          gridTemplateColumns: "3.5rem repeat(7, minmax(0, 1fr))",
          columnGap: "1",
        })}
      >
        <div aria-hidden="true" />
        {days.map((day) => (
          <h3
            key={day}
            id={`week-day-${day}`}
            aria-current={day === today ? "date" : undefined}
            className={css({ fontSize: "sm", fontWeight: "semibold", textAlign: "center", pb: "2" })}
          >
            {dayName(day)}
            {day === today ? todayMark : null}
          </h3>
        ))}
        <div aria-hidden="true" className={css({ position: "relative" })} style={{ height }}>
          {hours.map((hour, index) => (
            <span
              key={hour}
              className={css({ position: "absolute", insetEnd: "1", fontSize: "xs", color: "fg.muted" })}
              style={{ top: `calc(${index * HOUR_REM}rem - 0.5em)` }}
            >
              {index === 0 ? null : hourLabel(hour)}
            </span>
          ))}
        </div>
        {days.map((day, index) => (
          <DayColumn
            key={day}
            day={day}
            isToday={day === today}
            placements={placed[index]!}
            firstHour={first}
            hours={hours.length}
            span={span}
            onOpen={onOpen}
          />
        ))}
      </div>
      <ol
        data-calendar="agenda"
        className={css({ display: { base: "flex", md: "none" }, flexDirection: "column", gap: "4" })}
      >
        {days.map((day, index) => (
          <li key={day} aria-labelledby={`agenda-day-${day}`}>
            <h3
              id={`agenda-day-${day}`}
              aria-current={day === today ? "date" : undefined}
              className={css({ fontSize: "sm", fontWeight: "semibold", mb: "1.5" })}
            >
              {longDayName(day)}
              {day === today ? todayMark : null}
            </h3>
            {placed[index]!.length === 0 ? (
              <p className={css({ fontSize: "sm", color: "fg.muted" })}>
                <Trans>No bookings</Trans>
              </p>
            ) : (
              <ul className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
                {placed[index]!.map(({ item }) => (
                  <li key={item._id}>
                    <BookingBlock
                      booking={item}
                      time={span(item)}
                      className={css({ w: "full", fontSize: "sm", py: "1" })}
                      onOpen={onOpen}
                    />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

function DayColumn({
  day,
  isToday,
  placements,
  firstHour,
  hours,
  span,
  onOpen,
}: {
  day: CalendarDate;
  isToday: boolean;
  placements: DayPlacement<Booking>[];
  firstHour: number;
  hours: number;
  span: (booking: Booking) => string;
  onOpen: (id: string) => void;
}) {
  const lanes = laneOf(placements);
  const top = (minute: number) => ((minute - firstHour * 60) / 60) * HOUR_REM;
  return (
    <ul
      aria-labelledby={`week-day-${day}`}
      data-day={day}
      className={cx(
        css({
          position: "relative",
          borderInlineStartWidth: "1px",
          borderColor: "border.subtle",
          // One line per hour, drawn by the background so it costs no elements.
          backgroundImage: "linear-gradient(to bottom, var(--colors-border-subtle) 1px, transparent 1px)",
          backgroundSize: `100% ${HOUR_REM}rem`,
        }),
        isToday && css({ bg: "indigo.a2" }),
      )}
      style={{ height: `${hours * HOUR_REM}rem` }}
    >
      {placements.map((placement, index) => {
        const { lane, lanes: laneCount } = lanes[index]!;
        const height = Math.max(top(placement.endMinute) - top(placement.startMinute), 1.25);
        return (
          <li
            key={placement.item._id}
            className={css({ position: "absolute", display: "flex", p: "0.5" })}
            style={{
              top: `${top(placement.startMinute)}rem`,
              height: `${height}rem`,
              insetInlineStart: `${(lane / laneCount) * 100}%`,
              width: `${100 / laneCount}%`,
            }}
          >
            <BookingBlock
              booking={placement.item}
              time={span(placement.item)}
              className={css({ flex: "1" })}
              onOpen={onOpen}
            />
          </li>
        );
      })}
    </ul>
  );
}
