import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { css } from "styled-system/css";
import { Link, useLocation, useSearch } from "wouter";
import { customerNameOf } from "../../../components/customer-name";
import { WarningNotice } from "../../../components/warning-notice";
import { useApi } from "../../../lib/api-context";
import { useBusinessTimeZone } from "../../../lib/business-timezone";
import { appointmentFormat } from "../../../lib/zoned-format";
import { bookingQueries } from "../bookings.queries";
import { patchSearch } from "./calendar-search";

/**
 * The open bookings whose event the owner deleted or moved in Google Calendar: the sync never cancels or
 * moves them against a rule on its own, so staff find them here, above the list and the calendar, each
 * opening its panel where the notice says what happened. Nothing shows while there are none.
 */
export function BookingsToReview() {
  const { i18n } = useLingui();
  const api = useApi();
  const review = useQuery(bookingQueries.review(api));
  const bookings = review.data?.data ?? [];
  const zone = useBusinessTimeZone(bookings.length > 0);
  const [location] = useLocation();
  const search = useSearch();
  if (bookings.length === 0 || !zone.data) return null;
  const appointment = appointmentFormat(i18n.locale, zone.data);
  return (
    <WarningNotice
      className={css({ mb: "4" })}
      title={
        <Plural
          value={review.data?.total ?? bookings.length}
          one="# booking was changed in Google Calendar and needs your decision"
          other="# bookings were changed in Google Calendar and need your decision"
        />
      }
    >
      <ul className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
        {bookings.map((booking) => (
          <li key={booking._id} data-review={booking._id}>
            <Link
              href={`${location}?${patchSearch(search, { booking: booking._id })}`}
              className={css({ textDecoration: "underline", overflowWrap: "anywhere" })}
            >
              {customerNameOf(booking, i18n)}, {appointment(booking.startTime, booking.endTime)}
            </Link>{" "}
            {booking.calendar.deletedInGoogleAt ? (
              <Trans>(deleted in Google Calendar)</Trans>
            ) : (
              <Trans>(moved in Google Calendar, not taken)</Trans>
            )}
          </li>
        ))}
      </ul>
    </WarningNotice>
  );
}
