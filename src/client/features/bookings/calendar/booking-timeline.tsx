import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { BookingAction, BookingActorKind, BookingEvent } from "@shared/booking.schema";
import { css } from "styled-system/css";
import { statusLooks } from "../../../components/booking-status-look";
import { appointmentFormat, dateTimeFormat } from "../../../lib/zoned-format";

const actionLabels: Record<BookingAction, MessageDescriptor> = {
  create: msg({ message: "Booked", context: "booking event" }),
  confirm: msg({ message: "Confirmed", context: "booking event" }),
  complete: msg({ message: "Completed", context: "booking event" }),
  cancel: msg({ message: "Cancelled", context: "booking event" }),
  reschedule: msg({ message: "Rescheduled", context: "booking event" }),
};

const actorLabels: Record<BookingActorKind, MessageDescriptor> = {
  staff: msg({ message: "Staff", context: "booking actor" }),
  assistant: msg({ message: "Assistant", context: "booking actor" }),
  telegram: msg({ message: "Messaging bot", context: "booking actor" }),
  calendar: msg({ message: "Online calendar", context: "booking actor" }),
  system: msg({ message: "System", context: "booking actor" }),
};

/** Every change of the booking, oldest first: what, who, when, and the status and time before and after. */
export function BookingTimeline({ events, timeZone }: { events: BookingEvent[]; timeZone: string }) {
  const { i18n } = useLingui();
  const when = dateTimeFormat(i18n.locale, timeZone);
  const range = appointmentFormat(i18n.locale, timeZone);
  return (
    <ol
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "3",
        borderInlineStartWidth: "2px",
        borderColor: "border.subtle",
        ps: "4",
      })}
    >
      {events.map((event) => {
        const actorKind = i18n._(actorLabels[event.actor.kind]);
        const actor = event.actor.name ? `${actorKind} · ${event.actor.name}` : actorKind;
        const moved = event.fromStartTime !== null && event.fromStartTime !== event.toStartTime;
        const from = event.fromStatus ? i18n._(statusLooks[event.fromStatus].label) : null;
        const to = i18n._(statusLooks[event.toStatus].label);
        const before = event.fromStartTime
          ? range(event.fromStartTime, event.fromEndTime ?? event.fromStartTime)
          : "";
        const after = range(event.toStartTime, event.toEndTime);
        return (
          <li
            key={event._id}
            data-event={event.action}
            className={css({ display: "flex", flexDirection: "column", gap: "0.5", fontSize: "sm" })}
          >
            <span className={css({ fontWeight: "semibold" })}>{i18n._(actionLabels[event.action])}</span>
            <span className={css({ color: "fg.muted" })}>
              <time dateTime={event.at}>{when(event.at)}</time> · {actor}
            </span>
            <span>
              {from && from !== to ? (
                <Trans>
                  Status: {from} → {to}
                </Trans>
              ) : (
                <Trans>Status: {to}</Trans>
              )}
            </span>
            {moved ? (
              <span>
                <Trans>
                  Time: {before} → {after}
                </Trans>
              </span>
            ) : event.action === "create" ? (
              <span>
                <Trans>Time: {after}</Trans>
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
