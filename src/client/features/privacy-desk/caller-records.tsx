import { Trans, useLingui } from "@lingui/react/macro";
import type { CallerBooking, CallerCall, UpcomingDecision } from "@shared/caller-data.schema";
import { css } from "styled-system/css";
import { Link } from "wouter";
import { BookingStatusTag } from "../../components/booking-status-look";
import { CallStatusBadge } from "../../components/call-badges";
import { callerNumberOf } from "../../components/customer-name";
import { appointmentFormat, fullDateTimeFormat } from "../../lib/zoned-format";

const list = css({ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: "2" });
const row = css({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: "1",
  p: "3",
  borderWidth: "1px",
  borderRadius: "l2",
  overflowWrap: "anywhere",
});
const line = css({ display: "flex", flexWrap: "wrap", gap: "2", alignItems: "center" });
const recordLink = css({ fontWeight: "medium", textDecoration: "underline" });
const detail = css({ textStyle: "sm", color: "fg.muted" });

/** The caller's calls as the desk lists them: when, from which number, and what each holds. */
export function CallerCalls({ calls, timeZone }: { calls: readonly CallerCall[]; timeZone: string }) {
  const { i18n } = useLingui();
  const at = fullDateTimeFormat(i18n.locale, timeZone);
  return (
    <ul className={list}>
      {calls.map((call) => (
        <li key={call._id} className={row}>
          <span className={line}>
            <Link href={`/calls/${call._id}`} className={recordLink}>
              {at(call.startTime)}
            </Link>
            <CallStatusBadge status={call.status} />
          </span>
          <span className={detail}>
            {[call.customerName, callerNumberOf(call)].filter(Boolean).join(" · ")}
          </span>
          {call.summary ? <span className={css({ textStyle: "sm" })}>{call.summary}</span> : null}
          <span className={detail}>
            {call.hasTranscript ? <Trans>Transcript kept</Trans> : <Trans>No transcript</Trans>}
            {" · "}
            {call.recordingUrl ? <Trans>Recording kept</Trans> : <Trans>No recording</Trans>}
          </span>
        </li>
      ))}
    </ul>
  );
}

type BookingsProps = {
  bookings: readonly CallerBooking[];
  timeZone: string;
  decisions: Readonly<Record<string, UpcomingDecision>>;
  onDecide: (bookingId: string, decision: UpcomingDecision) => void;
  /** Shown beside each upcoming booking still without a decision (after an erase was asked for). */
  showMissing: boolean;
};

/** The caller's bookings, upcoming first: each upcoming one asks whether to cancel or keep it. */
export function CallerBookings({ bookings, timeZone, decisions, onDecide, showMissing }: BookingsProps) {
  const { t, i18n } = useLingui();
  const when = appointmentFormat(i18n.locale, timeZone);
  return (
    <ul className={list}>
      {bookings.map((booking) => {
        const appointment = when(booking.startTime, booking.endTime);
        const missing = showMissing && booking.upcoming && !decisions[booking._id];
        return (
          <li key={booking._id} className={row} data-upcoming={booking.upcoming || undefined}>
            <span className={line}>
              <Link href={`/bookings?booking=${booking._id}`} className={recordLink}>
                {booking.serviceName} · {appointment}
              </Link>
              <BookingStatusTag status={booking.status} />
            </span>
            <span className={detail}>
              {[booking.customerName, booking.customerPhone].filter(Boolean).join(" · ")}
            </span>
            {booking.notes ? <span className={css({ textStyle: "sm" })}>{booking.notes}</span> : null}
            {booking.upcoming ? (
              <fieldset
                className={css({ display: "flex", flexWrap: "wrap", gap: "2 4", mt: "1", minW: "0" })}
                aria-invalid={missing || undefined}
                aria-describedby={missing ? `${booking._id}-missing` : undefined}
              >
                <legend className={css({ textStyle: "sm", fontWeight: "medium", mb: "1" })}>
                  <Trans>When erasing: cancel or keep this upcoming booking?</Trans>
                </legend>
                {(["cancel", "keep"] as const).map((decision) => (
                  <label key={decision} className={css({ display: "flex", gap: "2", alignItems: "center" })}>
                    <input
                      type="radio"
                      name={`decision-${booking._id}`}
                      value={decision}
                      checked={decisions[booking._id] === decision}
                      onChange={() => onDecide(booking._id, decision)}
                      aria-label={
                        decision === "cancel"
                          ? t`Cancel the booking of ${appointment}`
                          : t`Keep the booking of ${appointment}`
                      }
                      className={css({ accentColor: "colorPalette.default", w: "4", h: "4" })}
                    />
                    {decision === "cancel" ? <Trans>Cancel it</Trans> : <Trans>Keep it</Trans>}
                  </label>
                ))}
                {missing ? (
                  <span
                    id={`${booking._id}-missing`}
                    className={css({ color: "fg.error", textStyle: "sm", w: "full" })}
                  >
                    <Trans>Choose whether to cancel or keep it</Trans>
                  </span>
                ) : null}
              </fieldset>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
