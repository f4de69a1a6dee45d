import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ErasureReceipt } from "@shared/caller-data.schema";
import { Printer } from "lucide-react";
import { useId } from "react";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";
import { Card, CardBody, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { fullDateTimeFormat } from "../../lib/zoned-format";

const term = css({ fontWeight: "medium", color: "fg.muted", textStyle: "sm" });
const facts = css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "auto 1fr" }, gap: "1 4" });

/**
 * The receipt of an erasure: what went, when and by whom, and what no erasure reaches. It names no caller;
 * its number (the activity log entry's) finds it again, and it prints as shown.
 */
export function ErasureReceiptCard({ receipt, timeZone }: { receipt: ErasureReceipt; timeZone: string }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const at = fullDateTimeFormat(i18n.locale, timeZone)(receipt.erasedAt);
  return (
    <Card aria-labelledby={titleId} data-testid="erasure-receipt">
      <CardHeader>
        <CardTitle id={titleId}>
          <Trans>Erasure receipt no. {receipt._id}</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>This receipt holds no personal data: keep it as the record of the caller's request.</Trans>
        </CardDescription>
      </CardHeader>
      <CardBody className={css({ gap: "4" })}>
        <dl className={facts}>
          <dt className={term}>
            <Trans>Erased on</Trans>
          </dt>
          <dd>{at}</dd>
          <dt className={term}>
            <Trans>Erased by</Trans>
          </dt>
          <dd className={css({ overflowWrap: "anywhere" })}>
            {receipt.erasedBy ?? <Trans>A former staff member</Trans>}
          </dd>
          <dt className={term}>
            <Trans>Calls</Trans>
          </dt>
          <dd>
            <Plural
              value={receipt.calls}
              one="# call: number, name, transcript, summary and recording link erased"
              other="# calls: number, name, transcript, summary and recording link erased"
            />
          </dd>
          <dt className={term}>
            <Trans>Bookings</Trans>
          </dt>
          <dd>
            <Plural
              value={receipt.bookings}
              one="# booking: name, phone and notes erased"
              other="# bookings: name, phone and notes erased"
            />{" "}
            <Plural
              value={receipt.cancelledBookings}
              _0="(none cancelled)"
              one="(# upcoming one cancelled)"
              other="(# upcoming ones cancelled)"
            />
          </dd>
        </dl>
        <p className={css({ textStyle: "sm" })}>
          <Trans>
            The calls and bookings themselves are kept without any personal detail, so your figures stay
            exact.
          </Trans>
        </p>
        <section className={css({ display: "grid", gap: "2" })}>
          <h3 className={css({ fontWeight: "semibold", textStyle: "sm" })}>
            <Trans>Out of reach</Trans>
          </h3>
          <ul className={css({ listStyle: "disc", pl: "5", textStyle: "sm", display: "grid", gap: "1" })}>
            {receipt.outOfReach.includes("telegramMessages") ? (
              <li>
                <Trans>
                  Telegram messages already sent about this caller's calls and bookings are out of our reach:
                  delete them in Telegram if needed.
                </Trans>
              </li>
            ) : null}
            {receipt.outOfReach.includes("calendarEvents") ? (
              <li>
                <Trans>
                  Google Calendar: the events of cancelled bookings are removed, and those of kept bookings
                  rewritten without the name and phone. Events you deleted in Google Calendar, and those of a
                  calendar not connected now, keep what they show: edit them there to remove it.
                </Trans>
              </li>
            ) : null}
          </ul>
        </section>
      </CardBody>
      <CardFooter className={css({ "@media print": { display: "none" } })}>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          <Trans>Print the receipt</Trans>
        </Button>
      </CardFooter>
    </Card>
  );
}
