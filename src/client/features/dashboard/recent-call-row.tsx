import { useLingui } from "@lingui/react/macro";
import type { CallSummary } from "@shared/calls.schema";
import { css, cx } from "styled-system/css";
import { Link } from "wouter";
import { CallResult } from "../../components/call-result";
import { callerNameOf, callerNumberOf } from "../../components/customer-name";
import { RelativeTime } from "../../components/relative-time";
import { rowLink, rowLinkRow } from "../../components/row-link";

const row = css({
  display: "grid",
  gridTemplateColumns: { base: "minmax(0, 1fr)", md: "minmax(0, 1fr) auto" },
  alignItems: "center",
  columnGap: "3",
  rowGap: "2",
  py: "3",
  px: "3",
});

/** Spec 2 'Recent Activity' row: name (or phone), phone and service, when, how long, how it went. */
/** `timeZone`: the business's, whose clock the start's hover title shows. */
export function RecentCallRow({ call, timeZone }: { call: CallSummary; timeZone: string }) {
  const { i18n } = useLingui();
  const number = callerNumberOf(call);
  return (
    <li className={cx(rowLinkRow, row)}>
      <div className={css({ flex: "1", minW: "0", display: "flex", flexDirection: "column", gap: "0.5" })}>
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
      <div
        className={css({
          display: "flex",
          alignItems: "center",
          gap: "2",
          flexWrap: "wrap",
          justifyContent: { base: "flex-start", md: "flex-end" },
        })}
      >
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
