import { Plural, Trans } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { PhoneOff } from "lucide-react";
import { useDeferredValue, useEffect, useId } from "react";
import { css } from "styled-system/css";
import { LoadFailureMessage } from "../../components/failure-text";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Pagination } from "../../components/pagination";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { RowsSkeleton } from "../../components/ui/skeleton";
import { useApi } from "../../lib/api-context";
import { useShownTimeZone } from "../../lib/business-timezone";
import { CallFilters } from "./call-filters";
import { CallRow } from "./call-row";
import { callQueries } from "./calls.queries";
import { type CallsSearch, callDetailHref, callsSearch } from "./calls-search";

type CallHistoryCardProps = {
  search: CallsSearch;
  onSearchChange: (next: CallsSearch, options?: { replace?: boolean }) => void;
};

/** Spec 2 'Call History': filters, the page of calls, pagination; loading, empty and error states. */
export function CallHistoryCard({ search, onSearchChange }: CallHistoryCardProps) {
  const api = useApi();
  const titleId = useId();
  const { status, from, to, page } = search;
  // Deferred: an answer arriving re-renders in a transition, which React splits into short tasks, instead of
  // one long synchronous render of the whole list.
  const query = useDeferredValue(useQuery(callQueries.list(api, { page, status, from, to })));
  const list = query.data;
  const timeZone = useShownTimeZone();
  const total = list?.total ?? 0;

  // A page past the end (an old link, or calls removed since) shows the last page instead.
  const overshoot = list && !query.isPlaceholderData && page > Math.max(list.totalPages, 1);
  useEffect(() => {
    if (overshoot) onSearchChange({ ...search, page: Math.max(list.totalPages, 1) }, { replace: true });
  }, [overshoot, list, search, onSearchChange]);

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>
          <Trans>Call History</Trans>
        </CardTitle>
        <CardDescription aria-live="polite">
          {list ? (
            <Plural value={total} one="# total call" other="# total calls" />
          ) : query.isPending ? (
            <Trans>Loading calls...</Trans>
          ) : null}
        </CardDescription>
      </CardHeader>
      <CardBody className={css({ gap: "4" })}>
        <CallFilters search={search} onChange={onSearchChange} />
        {list ? (
          list.data.length === 0 ? (
            <EmptyState icon={PhoneOff} title={<Trans>No calls found</Trans>}>
              {callsSearch.hasFilters(search) ? <Trans>No call matches these filters.</Trans> : null}
            </EmptyState>
          ) : (
            <ul
              aria-busy={query.isPlaceholderData || undefined}
              className={css({
                display: "flex",
                flexDirection: "column",
                mx: "-3",
                transition: "opacity 150ms",
                "&[aria-busy=true]": { opacity: 0.6 },
              })}
            >
              {list.data.map((call) => (
                <CallRow
                  key={call._id}
                  call={call}
                  href={callDetailHref(call._id, search)}
                  timeZone={timeZone}
                />
              ))}
            </ul>
          )
        ) : query.isError ? (
          <LoadErrorAlert title={<Trans>Error loading calls</Trans>} onRetry={() => void query.refetch()}>
            <LoadFailureMessage error={query.error} missing={<Trans>Failed to fetch calls</Trans>} />
          </LoadErrorAlert>
        ) : (
          // Spec 2: five placeholder rows while the first page loads (the card's description says so).
          <RowsSkeleton
            rows={5}
            title={css({ w: "36" })}
            detail={css({ w: "56", maxW: "full" })}
            columns={[css({ h: "5", w: "24" })]}
            rowClassName={css({ px: "3" })}
          />
        )}
        {list && list.totalPages > 1 ? (
          <Pagination
            page={Math.min(page, list.totalPages)}
            totalPages={list.totalPages}
            onChange={(next) => onSearchChange({ ...search, page: next })}
          />
        ) : null}
      </CardBody>
    </Card>
  );
}
