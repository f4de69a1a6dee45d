import type { CalendarOptions } from "@fullcalendar/react";
import { css, cx } from "styled-system/css";

/**
 * FullCalendar 7 draws its structure with skeleton.css and takes every look as class names (a theme is a set
 * of these options). This is the app's own small one, in Panda tokens, so the calendar follows the light and
 * dark themes like every other card; the events' look is the booking status's (booking-event.tsx).
 */

const cell = css({ borderWidth: "1px", borderColor: "border.subtle" });
const today = css({ bg: "indigo.a2" });
const small = css({ fontSize: "xs", lineHeight: "1rem" });
const focusRing = css({
  _focusVisible: { outline: "2px solid", outlineColor: "indigo.11", outlineOffset: "-2px" },
});
const bottomRule = css({ borderBottomWidth: "1px", borderColor: "border.subtle" });
const muted = css({ color: "fg.muted" });

export const calendarTheme = {
  className: css({ fontSize: "sm", color: "fg.default" }),
  viewClass: css({
    borderWidth: "1px",
    borderColor: "border.subtle",
    borderRadius: "l2",
    bg: "bg.default",
    overflow: "clip",
  }),
  // Day headers, day cells and lanes: a hairline grid; today tinted.
  dayHeaderAlign: "center",
  dayHeaderClass: (info) => cx(cell, info.isToday && !info.inPopover && today),
  dayHeaderInnerClass: cx(small, css({ px: "1", py: "1.5", fontWeight: "medium", textAlign: "center" })),
  dayHeaderDividerClass: bottomRule,
  dayHeaderRowClass: cell,
  dayRowClass: cell,
  dayCellClass: (info) => cx(cell, info.isToday && today),
  dayCellTopClass: css({ display: "flex", justifyContent: "flex-end" }),
  dayCellTopInnerClass: (info) => cx(small, css({ px: "1.5", py: "0.5" }), info.isOther && muted),
  dayCellInnerClass: (info) => (info.inPopover ? css({ p: "1" }) : undefined),
  dayLaneClass: (info) => cx(cell, info.isToday && today),
  dayLaneInnerClass: (info) => (info.isStack ? css({ m: "1" }) : css({ ms: "0.5", me: "1" })),
  // Half-hour slots of 1.5rem: an hour is 3rem (HOUR_PX), the scale booking blocks are sized against.
  slotLaneClass: (info) =>
    cx(
      cell,
      css({ h: "6" }),
      info.isMinor && css({ borderTopStyle: "dotted", borderTopColor: "border.subtle" }),
    ),
  slotHeaderClass: css({ verticalAlign: "top" }),
  slotHeaderInnerClass: cx(small, muted, css({ px: "1.5", fontVariantNumeric: "tabular-nums" })),
  slotHeaderDividerClass: css({ borderInlineEndWidth: "1px", borderColor: "border.subtle" }),
  slotHeaderRowClass: cell,
  fillerClass: cell,
  tableHeaderClass: css({ bg: "bg.default" }),
  nowIndicatorLineClass: css({ borderTopWidth: "2px", borderColor: "red.9" }),
  nowIndicatorHeaderClass: css({ h: "2", w: "2", borderRadius: "full", bg: "red.9", mt: "-1" }),
  highlightClass: css({ bg: "indigo.a3" }),
  navLinkClass: cx(focusRing, css({ textDecoration: "underline" })),
  // An event's own look (status colour, lines) comes with its content; here only what FullCalendar places.
  eventClass: cx(focusRing, css({ borderRadius: "l1" })),
  blockEventClass: css({ position: "relative", minW: "0" }),
  columnEventInnerClass: css({ h: "full", overflow: "hidden" }),
  rowEventClass: css({ mx: "0.5", mb: "0.5", minW: "0" }),
  listItemEventClass: css({ mx: "0.5", mb: "0.5", minW: "0", display: "block" }),
  // The more link is whole words at any width: it sits on a line of its own under the chips.
  moreLinkClass: cx(
    focusRing,
    small,
    css({
      px: "1.5",
      borderRadius: "l1",
      color: "fg.muted",
      whiteSpace: "nowrap",
      _hover: { bg: "gray.a3" },
    }),
  ),
  popoverClass: css({
    bg: "bg.default",
    borderWidth: "1px",
    borderColor: "border.default",
    borderRadius: "l2",
    boxShadow: "lg",
    minW: "12rem",
  }),
  popoverCloseClass: cx(focusRing, css({ position: "absolute", top: "1", insetInlineEnd: "1", p: "1" })),
  // Busy elsewhere: a grey hatching behind the bookings.
  backgroundEventColor: "transparent",
  backgroundEventClass: css({
    bgImage: "repeating-linear-gradient(135deg, var(--colors-gray-a4) 0 6px, var(--colors-gray-a2) 6px 12px)",
  }),
  // The list (phones): one row a booking, days as headed groups.
  listDayClass: bottomRule,
  listDayHeaderClass: cx(bottomRule, css({ bg: "bg.subtle", px: "3", py: "1.5" })),
  listDayHeaderInnerClass: css({ fontWeight: "semibold", fontSize: "sm" }),
  noEventsClass: css({ p: "6", textAlign: "center", color: "fg.muted" }),
} satisfies CalendarOptions;
