import { useLingui } from "@lingui/react/macro";
import type { CallSummary } from "@shared/calls.schema";
import { css, cx } from "styled-system/css";
import { Link } from "wouter";
import { CallResult } from "../../components/call-result";
import { callerNameOf, callerNumberOf } from "../../components/customer-name";
import { RelativeTime } from "../../components/relative-time";
import { rowLink, rowLinkEnd, rowLinkGrid, rowLinkRow, rowLinkText } from "../../components/row-link";

const columns = css({
  gridTemplateColumns: { base: "minmax(0, 1fr)", md: "minmax(0, 1fr) auto" },
  alignItems: "center",
});

/** Spec 2 'Recent Activity' row: name (or phone), phone and service, when, how long, how it went. */
/** `timeZone`: the business's, whose clock the start's hover title shows. */
export function RecentCallRow({ call, timeZone }: { call: CallSummary; timeZone: string }) {
  const { i18n } = useLingui();
  const number = callerNumberOf(call);
  return (
    <li className={cx(rowLinkRow, rowLinkGrid, columns)}>
      <div className={rowLinkText}>
        <Link href={`/calls/${encodeURIComponent(call._id)}`} className={rowLink}>
          {callerNameOf(call, i18n)}
        </Link>
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>
          {number}
          {call.serviceName ? (
            <>
              {number ? <span aria-hidden="true"> · </span> : null}
              {call.serviceName}
            </>
          ) : null}
        </p>
      </div>
      <div className={rowLinkEnd}>
        <RelativeTime
          iso={call.startTime}
          timeZone={timeZone}
          className={css({ fontSize: "sm", color: "fg.muted" })}
        />
        <span aria-hidden="true" className={css({ color: "fg.muted" })}>
          ·
        </span>
        <CallResult call={call} />
      </div>
    </li>
  );
}
