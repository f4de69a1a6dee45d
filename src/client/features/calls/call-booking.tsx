import { Trans, useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import { calendarDateAt } from "@shared/zoned-time";
import { CalendarCheck } from "lucide-react";
import { css } from "styled-system/css";
import { Link } from "wouter";
import { BookingStatusTag } from "../../components/booking-status-look";
import { Card, CardBody, CardHeader, CardTitle } from "../../components/ui/card";
import { Text } from "../../components/ui/text";
import { useShownTimeZone } from "../../lib/business-timezone";
import { appointmentFormat } from "../../lib/zoned-format";

/** Where the booking opens: the calendar on its week, its side panel open. */
const bookingHref = (booking: Booking, day: string) =>
  `/bookings?${new URLSearchParams({ view: "calendar", date: day, booking: booking._id })}`;

/** The booking made during this call: service, time (the business's), status, and a link that opens it. */
export function CallBooking({ booking }: { booking: Booking }) {
  const { i18n } = useLingui();
  const timeZone = useShownTimeZone();
  const service = booking.serviceName;
  const when = timeZone ? appointmentFormat(i18n.locale, timeZone)(booking.startTime, booking.endTime) : null;
  const day = timeZone
    ? calendarDateAt(new Date(booking.startTime), timeZone)
    : booking.startTime.slice(0, 10);
  return (
    <Card data-call-booking={booking._id}>
      <CardHeader>
        <CardTitle>
          <Trans>Booking made during this call</Trans>
        </CardTitle>
      </CardHeader>
      <CardBody className={css({ gap: "3" })}>
        <div className={css({ display: "flex", flexWrap: "wrap", gap: "2", alignItems: "center" })}>
          <CalendarCheck aria-hidden="true" className={css({ w: "5", h: "5", color: "fg.muted" })} />
          <Text className={css({ fontWeight: "semibold" })}>{service ?? <Trans>No service</Trans>}</Text>
          <BookingStatusTag status={booking.status} />
        </div>
        <Text size="sm">{when ?? <Trans>Loading time…</Trans>}</Text>
        <Link
          href={bookingHref(booking, day)}
          className={css({
            alignSelf: "flex-start",
            color: "indigo.11",
            textDecoration: "underline",
            fontSize: "sm",
          })}
        >
          <Trans>Open the booking</Trans>
        </Link>
      </CardBody>
    </Card>
  );
}
