import type { CallSummary } from "@shared/calls.schema";
import { css } from "styled-system/css";
import { CallOutcomeBadge, CallStatusBadge } from "./call-badges";
import { CallDuration } from "./call-duration";

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
