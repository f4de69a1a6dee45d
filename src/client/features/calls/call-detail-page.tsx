import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { css } from "styled-system/css";
import { useSearch } from "wouter";
import { callerNameOf, callerNumberOf } from "../../components/customer-name";
import { LoadFailureMessage } from "../../components/failure-text";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { RecordingPlayer } from "../../components/recording-player";
import { recordingSourceOf } from "../../components/recording-source";
import { Card, CardBody, CardHeader, CardTitle } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/page-header";
import { Skeleton } from "../../components/ui/skeleton";
import { Text } from "../../components/ui/text";
import { useApi } from "../../lib/api-context";
import { describeLoadFailure } from "../../lib/error-wording";
import { BackToCallsLink } from "./back-to-calls-link";
import { CallBooking } from "./call-booking";
import { CallContentAbsence, contentAbsent } from "./call-content-absence";
import { CallEndUnreported } from "./call-end-unreported";
import { CallFacts } from "./call-facts";
import { CallNotFound } from "./call-not-found";
import { CallTranscript } from "./call-transcript";
import { callQueries } from "./calls.queries";
import { callsSearch } from "./calls-search";

const grid = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr", lg: "minmax(0, 2fr) minmax(0, 3fr)" },
  gap: "6",
  alignItems: "start",
});

/** /calls/:id — everything about one call; the back link returns to the list as it was filtered. */
export function CallDetailPage({ params }: { params: { id: string } }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const rawSearch = useSearch();
  const backHref = useMemo(() => callsSearch.href(callsSearch.parse(rawSearch)), [rawSearch]);
  const query = useQuery(callQueries.detail(api, params.id));
  const call = query.data;

  if (!call && query.isError && describeLoadFailure(query.error).kind === "notFound") {
    return <CallNotFound backHref={backHref} />;
  }

  if (!call) {
    return (
      <>
        <BackToCallsLink href={backHref} />
        {query.isError ? (
          <>
            <PageHeader title={t`Call details`} />
            <LoadErrorAlert title={<Trans>Error loading call</Trans>} onRetry={() => void query.refetch()}>
              <LoadFailureMessage error={query.error} missing={<Trans>Failed to fetch call</Trans>} />
            </LoadErrorAlert>
          </>
        ) : (
          <div
            role="status"
            aria-busy="true"
            className={css({ display: "flex", flexDirection: "column", gap: "3" })}
          >
            <span className={css({ srOnly: true })}>
              <Trans>Loading call...</Trans>
            </span>
            <Skeleton className={css({ h: "8", w: "56" })} />
            <Skeleton className={css({ h: "4", w: "40" })} />
            <Skeleton className={css({ h: "64", w: "full", mt: "3" })} />
          </div>
        )}
      </>
    );
  }

  const live = call.status === "in-progress";
  const number = callerNumberOf(call);
  return (
    <>
      <BackToCallsLink href={backHref} />
      <PageHeader
        title={callerNameOf(call, i18n)}
        description={number ? t`Call from ${number}` : undefined}
      />
      <div className={grid}>
        <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
          <Card>
            <CardHeader>
              <CardTitle>
                <Trans>Call details</Trans>
              </CardTitle>
            </CardHeader>
            <CardBody className={css({ gap: "4" })}>
              <CallFacts call={call} />
              <CallEndUnreported call={call} />
              <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
                <Text muted size="sm">
                  <Trans>Summary</Trans>
                </Text>
                {call.summary === null && contentAbsent(call, "summary") ? (
                  <CallContentAbsence call={call} absent="summary" />
                ) : (
                  <Text size="sm">{call.summary ?? <Trans>No summary yet.</Trans>}</Text>
                )}
              </div>
            </CardBody>
          </Card>
          {call.booking ? <CallBooking booking={call.booking} /> : null}
          <Card>
            <CardHeader>
              <CardTitle>
                <Trans>Recording</Trans>
              </CardTitle>
            </CardHeader>
            <CardBody>
              {call.recordingUrl === null && contentAbsent(call, "recording") ? (
                <CallContentAbsence call={call} absent="recording" />
              ) : (
                <RecordingPlayer url={recordingSourceOf(call)} fallbackDuration={call.duration} />
              )}
            </CardBody>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Transcript</Trans>
            </CardTitle>
            {live ? (
              <Text muted size="sm">
                <Trans>The call is in progress; the transcript updates by itself.</Trans>
              </Text>
            ) : null}
          </CardHeader>
          <CardBody>
            {call.transcript.length === 0 && contentAbsent(call, "transcript") ? (
              <CallContentAbsence call={call} absent="transcript" />
            ) : (
              <CallTranscript turns={call.transcript} live={live} />
            )}
          </CardBody>
        </Card>
      </div>
    </>
  );
}
