import { Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { Link, useLocation } from "wouter";
import { WarningNotice } from "../../components/warning-notice";
import { useApi } from "../../lib/api-context";
import { calendarQueries } from "./calendar.queries";

/**
 * Above every signed-in page while Google refuses our access to the connected calendar (issue 22 §3): bookings
 * wait for a reconnect, which Settings offers. Nothing shows while the status is unknown or cannot be had: the
 * Settings card says that.
 */
export function CalendarBrokenBanner() {
  const api = useApi();
  const [location] = useLocation();
  const broken = useQuery({ ...calendarQueries.status(api), select: (status) => status.brokenAt !== null });
  if (!broken.data) return null;
  return (
    <WarningNotice
      className={css({ mb: "6" })}
      title={<Trans>Google Calendar is not receiving your bookings</Trans>}
    >
      <p>
        <Trans>
          Google refused our access to your calendar. Booking changes are kept and reach it once you
          reconnect.
        </Trans>
      </p>
      {/* On Settings the card with Reconnect is on the page already. */}
      {location === "/settings" ? null : (
        <Link href="/settings" className={cx(button({ variant: "outline", size: "sm" }), css({ mt: "2" }))}>
          <Trans>Reconnect in Settings</Trans>
        </Link>
      )}
    </WarningNotice>
  );
}
