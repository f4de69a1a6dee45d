import { Plural, useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import type { CalendarDate } from "@shared/calendar-date";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { css, cx } from "styled-system/css";
import { addDays, calendarDateFormat, mondayOf, weekdayName } from "../../../lib/calendar-week";
import { timeOfDayFormat } from "../../../lib/zoned-format";
import { BookingBlock } from "./booking-block";
import { byStartDay } from "./calendar-range";

type MonthGridProps = {
  weeks: CalendarDate[][];
  /** The day of the shown month that holds the keyboard focus of the grid (roving tab stop). */
  date: CalendarDate;
  today: CalendarDate;
  bookings: Booking[];
  timeZone: string;
  onOpen: (id: string) => void;
  /** Show that day's week (its number and "+N more" go there). */
  onShowDay: (day: CalendarDate) => void;
  /** The arrow keys left the shown month: show the month of `day`. */
  onMove: (day: CalendarDate) => void;
};

/** How many bookings a day cell lists before "+N more". */
const SHOWN_PER_DAY = 3;

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

const dayButton = css({
  alignSelf: "flex-start",
  minW: "7",
  h: "7",
  px: "1",
  borderRadius: "full",
  fontSize: "sm",
  fontVariantNumeric: "tabular-nums",
  cursor: "pointer",
  _hover: { bg: "gray.a3" },
  _focusVisible: { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "1px" },
});

/**
 * The month's weeks, each day with its bookings (the first few, then "+N more"). One day button is the grid's
 * tab stop; the arrow keys move it between days (into the next or previous month too), Enter shows its week.
 */
export function MonthGrid({
  weeks,
  date,
  today,
  bookings,
  timeZone,
  onOpen,
  onShowDay,
  onMove,
}: MonthGridProps) {
  const { i18n } = useLingui();
  const [focusDay, setFocusDay] = useState(date);
  const moved = useRef(false);
  const tableRef = useRef<HTMLTableElement>(null);
  const days = weeks.flat();
  const month = date.slice(0, 7);
  const current = days.includes(focusDay) ? focusDay : date;
  const fullDay = calendarDateFormat(i18n.locale, { weekday: "long", day: "numeric", month: "long" });
  const dayNumber = calendarDateFormat(i18n.locale, { day: "numeric" });
  const time = timeOfDayFormat(i18n.locale, timeZone);
  const byDay = byStartDay(bookings, timeZone);

  useEffect(() => setFocusDay(date), [date]);
  // After an arrow key, focus follows the tab stop (also once a new month has rendered).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    tableRef.current?.querySelector<HTMLButtonElement>(`[data-day-button="${current}"]`)?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = (event.target as HTMLElement).dataset.dayButton;
    if (!from) return;
    const step = KEY_STEPS[event.key];
    let next: CalendarDate | undefined;
    if (step) next = addDays(from, step);
    else if (event.key === "Home") next = mondayOf(from);
    else if (event.key === "End") next = addDays(mondayOf(from), 6);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setFocusDay(next);
    if (next.slice(0, 7) !== month) onMove(next);
  };

  return (
    <table
      ref={tableRef}
      data-calendar="month"
      onKeyDown={onKeyDown}
      className={css({ w: "full", tableLayout: "fixed", borderCollapse: "collapse" })}
    >
      <thead>
        <tr>
          {[1, 2, 3, 4, 5, 6, 0].map((weekday) => (
            <th
              key={weekday}
              scope="col"
              className={css({
                fontSize: "xs",
                fontWeight: "semibold",
                color: "fg.muted",
                pb: "1",
                overflow: "hidden",
              })}
            >
              <abbr title={weekdayName(i18n.locale, weekday)} className={css({ textDecoration: "none" })}>
                {weekdayName(i18n.locale, weekday, "short")}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const dayBookings = byDay.get(day) ?? [];
              const more = dayBookings.length - SHOWN_PER_DAY;
              const outside = day.slice(0, 7) !== month;
              return (
                <td
                  key={day}
                  data-day={day}
                  aria-current={day === today ? "date" : undefined}
                  className={cx(
                    css({
                      verticalAlign: "top",
                      borderWidth: "1px",
                      borderColor: "border.subtle",
                      p: "1",
                      h: { base: "20", md: "28" },
                      overflow: "hidden",
                    }),
                    outside && css({ bg: "bg.subtle", color: "fg.muted" }),
                    day === today && css({ bg: "indigo.a2" }),
                  )}
                >
                  <div className={css({ display: "flex", flexDirection: "column", gap: "0.5", minW: "0" })}>
                    <button
                      type="button"
                      data-day-button={day}
                      tabIndex={day === current ? 0 : -1}
                      aria-label={fullDay(day)}
                      className={cx(
                        dayButton,
                        day === today &&
                          css({
                            bg: "indigo.default",
                            color: "indigo.fg",
                            fontWeight: "bold",
                            _hover: { bg: "indigo.default" },
                          }),
                      )}
                      onClick={() => onShowDay(day)}
                    >
                      {dayNumber(day)}
                    </button>
                    {dayBookings.slice(0, SHOWN_PER_DAY).map((booking) => (
                      <BookingBlock
                        key={booking._id}
                        booking={booking}
                        time={time(booking.startTime)}
                        compact
                        onOpen={onOpen}
                      />
                    ))}
                    {more > 0 ? (
                      <button
                        type="button"
                        className={css({
                          alignSelf: "flex-start",
                          fontSize: "xs",
                          fontWeight: "semibold",
                          color: "fg.muted",
                          cursor: "pointer",
                          textDecoration: "underline",
                          _focusVisible: { outline: "2px solid", outlineColor: "indigo.9" },
                        })}
                        onClick={() => onShowDay(day)}
                      >
                        <Plural value={more} one="+# more" other="+# more" />
                        <span className={css({ srOnly: true })}>, {fullDay(day)}</span>
                      </button>
                    ) : null}
                  </div>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
