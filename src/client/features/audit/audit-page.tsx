import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useEffect, useId } from "react";
import { css } from "styled-system/css";
import { BackLink } from "../../components/back-link";
import { LoadFailureMessage } from "../../components/failure-text";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Pagination } from "../../components/pagination";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { RowsSkeleton } from "../../components/ui/skeleton";
import { useApi } from "../../lib/api-context";
import { useCompanyTimeZone } from "../../lib/company-queries";
import { useUrlSearch } from "../../lib/use-url-search";
import { fullDateTimeFormat } from "../../lib/zoned-format";
import { auditQueries } from "./audit.queries";
import { AuditEntryRow } from "./audit-entry-row";
import { auditSearch } from "./audit-search";
import { useAuditWords } from "./audit-words";

/** Settings → Activity log (issue 23 §4): who did what and when, newest first, page by page. */
export function AuditPage() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const titleId = useId();
  const [search, setSearch] = useUrlSearch(auditSearch);
  const { page } = search;
  const query = useQuery(auditQueries.list(api, page));
  const timeZone = useCompanyTimeZone();
  const words = useAuditWords();
  const log = query.data;
  const exactTime = timeZone ? fullDateTimeFormat(i18n.locale, timeZone) : null;

  // A page past the end (an old link) shows the last page instead.
  const overshoot = log && !query.isPlaceholderData && page > Math.max(log.totalPages, 1);
  useEffect(() => {
    if (overshoot) setSearch({ page: Math.max(log.totalPages, 1) }, { replace: true });
  }, [overshoot, log, setSearch]);

  return (
    <>
      <BackLink href="/settings">
        <Trans>Back to settings</Trans>
      </BackLink>
      <PageHeader
        title={t`Activity log`}
        description={t`Who changed what in your business, and when. Kept as long as your account.`}
      />
      <Card aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>
            <Trans>Recorded actions</Trans>
          </CardTitle>
          <CardDescription aria-live="polite">
            {log ? (
              <Plural value={log.total} one="# entry, newest first" other="# entries, newest first" />
            ) : query.isPending ? (
              <Trans>Loading the activity log…</Trans>
            ) : null}
          </CardDescription>
        </CardHeader>
        <CardBody className={css({ gap: "4" })}>
          {log && timeZone && exactTime ? (
            log.data.length === 0 ? (
              <EmptyState icon={History} title={<Trans>Nothing recorded yet</Trans>} />
            ) : (
              <ul
                aria-busy={query.isPlaceholderData || undefined}
                className={css({
                  mx: "-3",
                  transition: "opacity 150ms",
                  "&[aria-busy=true]": { opacity: 0.6 },
                })}
              >
                {log.data.map((entry) => (
                  <AuditEntryRow
                    key={entry._id}
                    entry={entry}
                    words={words}
                    exactTime={exactTime}
                    timeZone={timeZone}
                  />
                ))}
              </ul>
            )
          ) : query.isError ? (
            <LoadErrorAlert
              title={<Trans>Error loading the activity log</Trans>}
              onRetry={() => void query.refetch()}
            >
              <LoadFailureMessage
                error={query.error}
                missing={<Trans>The activity log could not be fetched</Trans>}
              />
            </LoadErrorAlert>
          ) : (
            <RowsSkeleton
              rows={5}
              title={css({ w: "56", maxW: "full" })}
              detail={css({ w: "40", maxW: "full" })}
              columns={[]}
              rowClassName={css({ px: "3" })}
            />
          )}
          {log && log.totalPages > 1 ? (
            <Pagination
              page={Math.min(page, log.totalPages)}
              totalPages={log.totalPages}
              onChange={(next) => setSearch({ page: next })}
            />
          ) : null}
        </CardBody>
      </Card>
    </>
  );
}
