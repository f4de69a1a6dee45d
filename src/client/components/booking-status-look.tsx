import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { BookingStatus } from "@shared/booking.constants";
import { CheckCheck, CircleCheck, CircleX, Hourglass, type LucideIcon } from "lucide-react";
import { css, cx } from "styled-system/css";

/**
 * How the calendar draws a status: a colour, and always an icon and a word with it (colour alone would
 * leave out anyone who cannot tell the colours apart). Tints keep step-12 text, above 4.5:1 in both themes.
 */
export const statusLooks: Record<
  BookingStatus,
  { label: MessageDescriptor; icon: LucideIcon; className: string }
> = {
  pending: {
    label: msg({ message: "pending", context: "booking status" }),
    icon: Hourglass,
    className: css({ colorPalette: "amber", borderStyle: "dashed" }),
  },
  confirmed: {
    label: msg({ message: "confirmed", context: "booking status" }),
    icon: CircleCheck,
    className: css({ colorPalette: "indigo" }),
  },
  completed: {
    label: msg({ message: "completed", context: "booking status" }),
    icon: CheckCheck,
    className: css({ colorPalette: "green" }),
  },
  cancelled: {
    label: msg({ message: "cancelled", context: "booking status" }),
    icon: CircleX,
    className: css({ colorPalette: "gray", "& [data-part=name]": { textDecoration: "line-through" } }),
  },
};

/** A booking's block or chip: tinted with its status's colour, a stronger edge on the leading side. */
export const bookingBlock = css({
  display: "flex",
  flexDirection: "column",
  alignItems: "stretch",
  textAlign: "start",
  minW: "0",
  overflow: "hidden",
  bg: "colorPalette.a3",
  color: "colorPalette.12",
  borderWidth: "1px",
  borderColor: "colorPalette.a7",
  borderInlineStartWidth: "3px",
  borderInlineStartColor: "colorPalette.9",
  borderRadius: "l1",
  px: "1.5",
  py: "0.5",
  fontSize: "xs",
  lineHeight: "tight",
  cursor: "pointer",
  _hover: { bg: "colorPalette.a4" },
  _focusVisible: { outline: "2px solid", outlineColor: "colorPalette.11", outlineOffset: "1px", zIndex: "1" },
  "& svg": { w: "3", h: "3", flexShrink: "0", color: "colorPalette.11" },
});

const tag = css({
  flexDirection: "row",
  gap: "1",
  alignItems: "center",
  alignSelf: "flex-start",
  cursor: "default",
});

/** A booking's status as a tag: its colour, icon and word. */
export function BookingStatusTag({ status, className }: { status: BookingStatus; className?: string }) {
  const { i18n } = useLingui();
  const look = statusLooks[status];
  const Icon = look.icon;
  return (
    <span data-status={status} className={cx(bookingBlock, look.className, tag, className)}>
      <Icon aria-hidden="true" />
      {i18n._(look.label)}
    </span>
  );
}
