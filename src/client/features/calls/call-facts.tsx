import { Trans, useLingui } from "@lingui/react/macro";
import type { CallDetail } from "@shared/calls.schema";
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { CallOutcomeBadge, CallStatusBadge } from "../../components/call-badges";
import { CallDuration } from "../../components/call-duration";
import { callerNumberOf } from "../../components/customer-name";
import { useShownTimeZone } from "../../lib/business-timezone";
import { longDateTimeFormat } from "../../lib/zoned-format";

const term = css({ fontSize: "sm", color: "fg.muted" });
const value = css({ fontSize: "sm", color: "fg.default", fontWeight: "medium", overflowWrap: "anywhere" });

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "0.5" })}>
      <dt className={term}>{label}</dt>
      <dd className={value}>{children}</dd>
    </div>
  );
}

/** Who called, when, for how long, how it went. */
export function CallFacts({ call }: { call: CallDetail }) {
  const { i18n } = useLingui();
  const timeZone = useShownTimeZone();
  const started = new Date(call.startTime);
  const number = callerNumberOf(call);
  const none = <span className={css({ color: "fg.muted", fontWeight: "normal" })}>—</span>;
  return (
    <dl className={css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, gap: "4" })}>
      <Fact label={<Trans>Caller</Trans>}>{call.customerName || <Trans>Unknown caller</Trans>}</Fact>
      <Fact label={<Trans>Phone number</Trans>}>
        {/* None once the privacy desk erased the caller, or never told: no empty link to tab to. */}
        {number ? (
          <a href={`tel:${number}`} className={css({ color: "indigo.11", textDecoration: "underline" })}>
            {number}
          </a>
        ) : (
          none
        )}
      </Fact>
      <Fact label={<Trans>Started</Trans>}>
        {Number.isNaN(started.getTime()) ? (
          none
        ) : (
          // On the business's clock; blank the moment its timezone is still on its way.
          <time dateTime={call.startTime}>
            {timeZone ? longDateTimeFormat(i18n.locale, timeZone)(call.startTime) : null}
          </time>
        )}
      </Fact>
      <Fact label={<Trans>Duration</Trans>}>
        <CallDuration seconds={call.duration} />
      </Fact>
      <Fact label={<Trans>Status</Trans>}>
        <CallStatusBadge status={call.status} />
      </Fact>
      <Fact label={<Trans>Outcome</Trans>}>
        {call.outcome ? <CallOutcomeBadge outcome={call.outcome} /> : none}
      </Fact>
      <Fact label={<Trans>Service</Trans>}>{call.serviceName ?? none}</Fact>
    </dl>
  );
}
