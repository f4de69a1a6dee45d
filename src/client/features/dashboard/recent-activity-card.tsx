import { Trans } from "@lingui/react/macro";
import type { CallSummary } from "@shared/calls.schema";
import { PhoneIncoming } from "lucide-react";
import { useId } from "react";
import { css } from "styled-system/css";
import { Link } from "wouter";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { Skeleton } from "../../components/ui/skeleton";
import { RecentCallRow } from "./recent-call-row";

type RecentActivityCardProps = {
  /** Undefined while loading. */
  calls: readonly CallSummary[] | undefined;
  /** The business's timezone (the stats carry it), in which the calls' times are shown. */
  timeZone: string | undefined;
};

/** Spec 2: the latest calls and their outcomes; undefined calls means still loading. */
export function RecentActivityCard({ calls, timeZone }: RecentActivityCardProps) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} aria-busy={calls === undefined || undefined}>
      <CardHeader
        className={css({
          flexDirection: "row",
          // On a narrow screen the link goes under the title instead of out of the card.
          flexWrap: "wrap",
          alignItems: "flex-start",
          justifyContent: "space-between",
          gap: "4",
        })}
      >
        <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
          <CardTitle id={titleId}>
            <Trans>Recent Activity</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Latest calls and their outcomes</Trans>
          </CardDescription>
        </div>
        <Link
          href="/calls"
          className={css({
            fontSize: "sm",
            fontWeight: "medium",
            color: "indigo.11",
            textDecoration: "underline",
          })}
        >
          <Trans>View all calls</Trans>
        </Link>
      </CardHeader>
      <CardBody>
        {calls === undefined || timeZone === undefined ? (
          <div
            aria-hidden="true"
            className={css({ display: "flex", flexDirection: "column", gap: "4", py: "2" })}
          >
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className={css({ h: "10", w: "full" })} />
            ))}
          </div>
        ) : calls.length === 0 ? (
          <EmptyState icon={PhoneIncoming} title={<Trans>No recent calls</Trans>}>
            <Trans>Call activity will appear here once your system receives calls</Trans>
          </EmptyState>
        ) : (
          <ul className={css({ display: "flex", flexDirection: "column", mx: "-3" })}>
            {calls.map((call) => (
              <RecentCallRow key={call._id} call={call} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
