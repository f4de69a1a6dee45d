import { Trans, useLingui } from "@lingui/react/macro";
import type { FailureFacts } from "@machines/failure";
import type { CalendarStatus } from "@shared/calendar.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { CircleCheck } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { css } from "styled-system/css";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Code } from "../../components/ui/code";
import { Skeleton } from "../../components/ui/skeleton";
import { Text } from "../../components/ui/text";
import { toaster } from "../../components/ui/toaster";
import { WarningNotice } from "../../components/warning-notice";
import { useApi } from "../../lib/api-context";
import { useCompanyTimeZone } from "../../lib/company-queries";
import { failureMessage, failureOf } from "../../lib/error-wording";
import { useInspectOptions } from "../../lib/inspect-context";
import { useOneAtATime } from "../../lib/use-one-at-a-time";
import { dateTimeFormat, dayFormat } from "../../lib/zoned-format";
import { calendarQueries, resyncCalendar } from "./calendar.queries";
import { provideCalendarConnect } from "./calendar-connect.actors";
import { connectFailureWords } from "./connect-failure-words";

const actionsRow = css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" });
const column = css({ display: "flex", flexDirection: "column", gap: "2" });

/**
 * Settings → Google Calendar (spec 2, 3, 7, 8; issue 22 §1): no OAuth client on the server (what to configure),
 * not connected (Connect), connected with the account and since when (Resync now, Disconnect), or refused by
 * Google (Reconnect). Connecting runs in a popup; the card says it waits for it meanwhile.
 */
export function CalendarCard() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const titleId = useId();
  const status = useQuery(calendarQueries.status(api));
  const timeZone = useCompanyTimeZone();
  const reasonOf = (failure: FailureFacts | undefined) => {
    const message = failure ? failureMessage(failure) : undefined;
    return message ? i18n._(message) : undefined;
  };
  // The button that started a connect is replaced once the card shows the connection: focus goes to the
  // card's main action then, rather than to the page's start.
  const actionRef = useRef<HTMLButtonElement>(null);
  const [focusAction, setFocusAction] = useState(false);

  const [machine] = useState(() =>
    provideCalendarConnect({
      api,
      queryClient,
      host: window,
      onConnected: () => {
        setFocusAction(true);
        toaster.success({
          title: t`Google Calendar connected successfully! Your bookings will now appear in your calendar.`,
        });
      },
      onFailed: (failure) => {
        const { title, reason } = connectFailureWords(failure, i18n);
        toaster.error({ title, description: reason });
      },
      onDisconnected: () => toaster.success({ title: t`Google Calendar disconnected successfully.` }),
      onDisconnectFailed: (failure) =>
        toaster.error({
          title: t`Failed to disconnect Google Calendar.`,
          description: reasonOf(failure),
        }),
    }),
  );
  const flow = useActorRef(machine, useInspectOptions());
  const authorizing = useSelector(flow, (s) => s.matches("authorizing"));
  const askingToDisconnect = useSelector(
    flow,
    (s) => s.matches("confirmingDisconnect") || s.matches("disconnecting"),
  );
  const disconnecting = useSelector(flow, (s) => s.matches("disconnecting"));
  const failure = useSelector(flow, (s) => s.context.failure);

  const connected = status.data?.connected === true;
  useEffect(() => {
    if (focusAction && connected) {
      actionRef.current?.focus();
      setFocusAction(false);
    }
  }, [focusAction, connected]);

  // `resync.isPending` is a render's: a second press before the next would resync twice.
  const oneAtATime = useOneAtATime();
  const resync = useMutation({
    mutationFn: () => resyncCalendar(api),
    // The answer comes once the check went through: the card's last check is that moment.
    onSuccess: ({ lastCheckedAt }) => {
      queryClient.setQueryData(
        calendarQueries.status(api).queryKey,
        (old) => old && { ...old, lastCheckedAt },
      );
      // What Google holds now frees or takes times: the bookings calendar's shading follows.
      void queryClient.invalidateQueries({ queryKey: [...calendarQueries.all(), "busy"] });
      toaster.success({ title: t`Synced with Google Calendar.` });
    },
    onError: (error) =>
      toaster.error({
        title: t`Failed to resync Google Calendar.`,
        description: reasonOf(failureOf(error)),
      }),
  });

  const connectButton = (label: ReactNode) => (
    <Button
      ref={actionRef}
      aria-disabled={authorizing || undefined}
      onClick={() => {
        // Sent inside the click: the popup must open while the browser still counts it as the user's doing.
        if (!authorizing) flow.send({ type: "connect" });
      }}
    >
      {authorizing ? <Trans>Waiting for Google…</Trans> : label}
    </Button>
  );
  const disconnectButton = (main: boolean) => (
    <Button
      ref={main ? actionRef : undefined}
      variant="outline"
      onClick={() => flow.send({ type: "disconnect.ask" })}
    >
      <Trans>Disconnect</Trans>
    </Button>
  );
  const resyncButton = (
    <Button
      variant="outline"
      aria-disabled={resync.isPending || undefined}
      onClick={() => oneAtATime(() => resync.mutateAsync())}
    >
      {resync.isPending ? <Trans>Resyncing…</Trans> : <Trans>Resync now</Trans>}
    </Button>
  );
  const failureWords = failure ? connectFailureWords(failure, i18n) : null;

  return (
    <Card aria-labelledby={titleId} className={css({ mb: "6" })}>
      <CardHeader>
        <CardTitle id={titleId}>
          <Trans>Google Calendar</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Every booking appears in your Google Calendar and follows each change, and the times you are busy
            there are not offered to callers.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardBody className={css({ gap: "4" })}>
        {status.data && timeZone ? (
          <StatusView
            status={status.data}
            connect={connectButton}
            disconnect={disconnectButton}
            resync={resyncButton}
            timeZone={timeZone}
            day={dayFormat(i18n.locale, timeZone)}
            dateTime={dateTimeFormat(i18n.locale, timeZone)}
          />
        ) : status.isError ? (
          <LoadErrorAlert
            title={<Trans>Failed to fetch calendar status</Trans>}
            error={status.error}
            onRetry={() => void status.refetch()}
          />
        ) : (
          <div role="status" className={column}>
            <span className={css({ srOnly: true })}>
              <Trans>Loading calendar status…</Trans>
            </span>
            <Skeleton className={css({ h: "5", w: "16rem", maxW: "full" })} />
            <Skeleton className={css({ h: "10", w: "8rem" })} />
          </div>
        )}
        {authorizing ? (
          <div className={actionsRow}>
            <Text role="status" muted size="sm" className={css({ flex: "1", minW: "12rem" })}>
              <Trans>
                Sign in to Google in the window that opened and allow access to your calendar. It closes by
                itself when you are done.
              </Trans>
            </Text>
            <Button variant="outline" size="sm" onClick={() => flow.send({ type: "cancel" })}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        ) : failureWords ? (
          <Alert title={failureWords.title}>
            {failureWords.reason ? <p>{failureWords.reason}</p> : null}
          </Alert>
        ) : null}
      </CardBody>
      {/* Disconnect asks first: bookings stop reaching the calendar at once. */}
      <ConfirmDialog
        target={askingToDisconnect ? true : null}
        pending={disconnecting}
        onCancel={() => flow.send({ type: "disconnect.cancel" })}
        onConfirm={() => flow.send({ type: "disconnect.confirm" })}
        finalFocus={() => actionRef.current}
        title={() => t`Disconnect Google Calendar?`}
        description={t`New and changed bookings will no longer reach your Google Calendar, and its busy times will no longer keep slots from being offered. You can connect again at any time.`}
        confirmLabel={<Trans>Disconnect</Trans>}
        pendingLabel={<Trans>Disconnecting…</Trans>}
      />
    </Card>
  );
}

type StatusViewProps = {
  status: CalendarStatus;
  connect: (label: ReactNode) => ReactNode;
  disconnect: (main: boolean) => ReactNode;
  resync: ReactNode;
  /** The business's timezone, which the dates are shown in. */
  timeZone: string;
  day: (iso: string) => string;
  dateTime: (iso: string) => string;
};

function StatusView({ status, connect, disconnect, resync, timeZone, day, dateTime }: StatusViewProps) {
  if (!status.configured)
    return (
      <div className={column}>
        <Text className={css({ fontWeight: "medium" })}>
          <Trans>Google Calendar is not set up on this server yet.</Trans>
        </Text>
        <Text muted size="sm">
          <Trans>
            Whoever runs CallDesk creates an OAuth client in the Google Cloud console, sets{" "}
            <Code>GOOGLE_CLIENT_ID</Code> and <Code>GOOGLE_CLIENT_SECRET</Code> in the server's environment
            and restarts it. The README explains each step.
          </Trans>
        </Text>
      </div>
    );
  if (status.brokenAt !== null) {
    const date = day(status.brokenAt);
    return (
      <>
        <WarningNotice title={<Trans>Google Calendar stopped accepting your bookings</Trans>}>
          <Trans>
            Since {date}, Google has refused our access to your calendar: the access was probably revoked or
            the calendar deleted. Booking changes are kept meanwhile and reach the calendar once you
            reconnect.
          </Trans>
        </WarningNotice>
        <div className={actionsRow}>
          {connect(<Trans>Reconnect</Trans>)}
          {disconnect(false)}
        </div>
      </>
    );
  }
  if (status.connected) {
    const date = status.connectedAt ? day(status.connectedAt) : null;
    const checked = status.lastCheckedAt ? dateTime(status.lastCheckedAt) : null;
    return (
      <>
        <div className={column}>
          <div className={actionsRow}>
            <Badge variant="subtle" tone="accent">
              <CircleCheck aria-hidden="true" />
              <Trans>Connected</Trans>
            </Badge>
            {status.email ? (
              <Text className={css({ fontWeight: "medium", overflowWrap: "anywhere" })}>{status.email}</Text>
            ) : null}
          </div>
          {date ? (
            <Text muted size="sm">
              <Trans>
                Connected since {date} ({timeZone})
              </Trans>
            </Text>
          ) : null}
          <Text muted size="sm">
            {checked ? (
              <Trans>Last successful check with Google: {checked}</Trans>
            ) : (
              <Trans>Not checked with Google yet.</Trans>
            )}
          </Text>
        </div>
        <div className={actionsRow}>
          {resync}
          {disconnect(true)}
        </div>
      </>
    );
  }
  return (
    <div className={actionsRow}>
      <Text muted size="sm" className={css({ flex: "1", minW: "12rem" })}>
        <Trans>Not connected. Sign in to Google in a popup window and allow access to your calendar.</Trans>
      </Text>
      {connect(<Trans>Connect Google Calendar</Trans>)}
    </div>
  );
}
