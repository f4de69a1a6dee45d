import { Trans, useLingui } from "@lingui/react/macro";
import type { CallSummary } from "@shared/calls.schema";
import { Phone } from "lucide-react";
import { useId } from "react";
import { css, cx } from "styled-system/css";
import { Link } from "wouter";
import { CallResult } from "../../components/call-result";
import { callerNameOf, callerNumberOf } from "../../components/customer-name";
import { RelativeTime } from "../../components/relative-time";
import { rowLink, rowLinkEnd, rowLinkGrid, rowLinkRow, rowLinkText } from "../../components/row-link";

const columns = css({
  gridTemplateColumns: { base: "auto minmax(0, 1fr)", md: "auto minmax(0, 1fr) auto" },
  alignItems: "start",
});

const muted = css({ color: "fg.muted", fontSize: "sm" });

type CallRowProps = {
  call: CallSummary;
  href: string;
  /** The business's timezone, whose clock the start's hover title shows. */
  timeZone: string | undefined;
};

export function CallRow({ call, href, timeZone }: CallRowProps) {
  const { i18n } = useLingui();
  const detailsId = useId();
  const number = callerNumberOf(call);
  return (
    <li className={cx(rowLinkRow, rowLinkGrid, columns)}>
      <Phone
        aria-hidden="true"
        className={css({ w: "4", h: "4", mt: "1", color: "fg.muted", flexShrink: "0" })}
      />
      <div className={rowLinkText}>
        <Link href={href} className={rowLink} aria-describedby={detailsId}>
          {/* The phone; without one (erased, or never told), the name or words saying why there is none. */}
          {number || callerNameOf(call, i18n)}
        </Link>
        <p id={detailsId} className={muted}>
          {number ? (
            <>
              {call.customerName || <Trans>Unknown caller</Trans>}
              <span aria-hidden="true"> · </span>
            </>
          ) : null}
          <RelativeTime iso={call.startTime} timeZone={timeZone} />
        </p>
        {call.summary ? (
          <p className={css({ fontSize: "sm", color: "fg.default", lineClamp: "2" })}>{call.summary}</p>
        ) : null}
      </div>
      <div className={cx(rowLinkEnd, css({ gridColumn: { base: "2", md: "3" } }))}>
        <CallResult call={call} />
      </div>
    </li>
  );
}
