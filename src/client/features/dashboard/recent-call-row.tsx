import type { CallSummary } from "@shared/calls.schema";
import { css } from "styled-system/css";
import { Link } from "wouter";
import { CallDuration } from "../../components/call-duration";
import { CallOutcomeBadge } from "../../components/call-outcome-badge";
import { CallStatusBadge } from "../../components/call-status-badge";
import { RelativeTime } from "../../components/relative-time";

const row = css({
  position: "relative",
  display: "grid",
  gridTemplateColumns: { base: "minmax(0, 1fr)", md: "minmax(0, 1fr) auto" },
  alignItems: "center",
  columnGap: "3",
  rowGap: "2",
  py: "3",
  px: "3",
  borderRadius: "l2",
  _hover: { bg: "bg.subtle" },
});

const stretchedLink = css({
  fontWeight: "semibold",
  color: "fg.default",
  textDecoration: "none",
  outline: "none",
  _after: { content: '""', position: "absolute", inset: "0", borderRadius: "l2" },
  "&:focus-visible::after": { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "-2px" },
});

/** Spec 2 'Recent Activity' row: name (or phone), phone and service, when, how long, how it went. */
export function RecentCallRow({ call }: { call: CallSummary }) {
  return (
    <li className={row}>
      <div className={css({ flex: "1", minW: "0", display: "flex", flexDirection: "column", gap: "0.5" })}>
        <Link href={`/calls/${encodeURIComponent(call._id)}`} className={stretchedLink}>
          {call.customerName ?? call.fromNumber}
        </Link>
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>
          {call.fromNumber}
          {call.serviceName ? (
            <>
              <span aria-hidden="true"> · </span>
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
        <RelativeTime iso={call.startTime} className={css({ fontSize: "sm", color: "fg.muted" })} />
        <span aria-hidden="true" className={css({ color: "fg.muted" })}>
          ·
        </span>
        <CallDuration
          seconds={call.duration}
          className={css({ fontSize: "sm", color: "fg.muted", fontVariantNumeric: "tabular-nums" })}
        />
        <CallStatusBadge status={call.status} />
        <CallOutcomeBadge outcome={call.outcome} />
      </div>
    </li>
  );
}
