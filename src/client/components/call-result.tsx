import type { CallSummary } from "@shared/calls.schema";
import { css } from "styled-system/css";
import { CallDuration } from "./call-duration";
import { CallOutcomeBadge } from "./call-outcome-badge";
import { CallStatusBadge } from "./call-status-badge";

/** How long a call took and how it ended, as every call row shows it (spec 2). */
export function CallResult({ call }: { call: Pick<CallSummary, "duration" | "status" | "outcome"> }) {
  return (
    <>
      <CallDuration
        seconds={call.duration}
        className={css({ fontSize: "sm", color: "fg.muted", fontVariantNumeric: "tabular-nums" })}
      />
      <CallStatusBadge status={call.status} />
      <CallOutcomeBadge outcome={call.outcome} />
    </>
  );
}
