import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarClock } from "lucide-react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { Link } from "wouter";
import { ComingSoonCard } from "../../components/coming-soon-card";
import { PageHeader } from "../../components/ui/page-header";

export function BookingsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t({ id: "nav.bookings", message: "Bookings" })}
        description={t`Review, confirm and reschedule your customers' appointments`}
        actions={
          <Link
            href="/availability"
            className={cx(button({ variant: "outline" }), css({ textDecoration: "none" }))}
          >
            <CalendarClock aria-hidden="true" />
            <Trans>Availability</Trans>
          </Link>
        }
      />
      <ComingSoonCard />
    </>
  );
}
