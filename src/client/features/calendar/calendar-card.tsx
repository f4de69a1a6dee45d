import { Trans, useLingui } from "@lingui/react/macro";
import type { CalendarStatus } from "@shared/calendar.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { css } from "styled-system/css";
import * as Connection from "../../components/connection-status";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { CardBody } from "../../components/ui/card";
import { Code } from "../../components/ui/code";
import { Skeleton } from "../../components/ui/skeleton";
import { Text } from "../../components/ui/text";
import { toaster } from "../../components/ui/toaster";
import { useApi } from "../../lib/api-context";
import { useCompanyTimeZone } from "../../lib/company-queries";
import { failureOf, failureReason } from "../../lib/error-wording";
import { useInspectOptions } from "../../lib/inspect-context";
import { useOneAtATime } from "../../lib/use-one-at-a-time";
import { dateTimeFormat, dayFormat } from "../../lib/zoned-format";
import { SettingsCard } from "../settings/settings-card";
import { calendarQueries, resyncCalendar } from "./calendar.queries";
import { provideCalendarConnect } from "./calendar-connect.actors";
import { connectFailureWords } from "./connect-failure-words";

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
  const status = useQuery(calendarQueries.status(api));
  const timeZone = useCompanyTimeZone();
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
          description: failureReason(i18n, failure),
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
        description: failureReason(i18n, failureOf(error)),
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
    <Connection.DisconnectButton
      ref={main ? actionRef : undefined}
      onClick={() => flow.send({ type: "disconnect.ask" })}
    />
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
    <SettingsCard
      title={<Trans>Google Calendar</Trans>}
      description={
        <Trans>
          Every booking appears in your Google Calendar and follows each change, and the times you are busy
          there are not offered to callers.
        </Trans>
      }
    >
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
          <div className={Connection.actionsRow}>
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
      <Connection.DisconnectDialog
        open={askingToDisconnect}
        pending={disconnecting}
        onCancel={() => flow.send({ type: "disconnect.cancel" })}
        onConfirm={() => flow.send({ type: "disconnect.confirm" })}
        finalFocus={() => actionRef.current}
        title={t`Disconnect Google Calendar?`}
        description={t`New and changed bookings will no longer reach your Google Calendar, and its busy times will no longer keep slots from being offered. You can connect again at any time.`}
      />
    </SettingsCard>
  );
}

type StatusViewProps = Connection.Actions & {
  status: CalendarStatus;
  resync: ReactNode;
  /** The business's timezone, which the dates are shown in. */
  timeZone: string;
  day: (iso: string) => string;
  dateTime: (iso: string) => string;
};

function StatusView({ status, connect, disconnect, resync, timeZone, day, dateTime }: StatusViewProps) {
  if (!status.configured)
    return (
      <Connection.NotSetUp title={<Trans>Google Calendar is not set up on this server yet.</Trans>}>
        <Trans>
          Whoever runs CallDesk creates an OAuth client in the Google Cloud console, sets{" "}
          <Code>GOOGLE_CLIENT_ID</Code> and <Code>GOOGLE_CLIENT_SECRET</Code> in the server's environment and
          restarts it. The README explains each step.
        </Trans>
      </Connection.NotSetUp>
    );
  if (status.brokenAt !== null) {
    const date = day(status.brokenAt);
    return (
      <Connection.Refused
        title={<Trans>Google Calendar stopped accepting your bookings</Trans>}
        reconnect={connect(<Trans>Reconnect</Trans>)}
        disconnect={disconnect(false)}
      >
        <Trans>
          Since {date}, Google has refused our access to your calendar: the access was probably revoked or the
          calendar deleted. Booking changes are kept meanwhile and reach the calendar once you reconnect.
        </Trans>
      </Connection.Refused>
    );
  }
  if (status.connected) {
    const date = status.connectedAt ? day(status.connectedAt) : null;
    const checked = status.lastCheckedAt ? dateTime(status.lastCheckedAt) : null;
    return (
      <>
        <div className={column}>
          <div className={Connection.actionsRow}>
            <Connection.ConnectedBadge />
            {status.email ? (
              <Text className={css({ fontWeight: "medium", overflowWrap: "anywhere" })}>{status.email}</Text>
            ) : null}
          </div>
          <Connection.ConnectedSince date={date} timeZone={timeZone} />
          <Text muted size="sm">
            {checked ? (
              <Trans>Last successful check with Google: {checked}</Trans>
            ) : (
              <Trans>Not checked with Google yet.</Trans>
            )}
          </Text>
        </div>
        <div className={Connection.actionsRow}>
          {resync}
          {disconnect(true)}
        </div>
      </>
    );
  }
  return (
    <Connection.NotConnected connect={connect(<Trans>Connect Google Calendar</Trans>)}>
      <Trans>Not connected. Sign in to Google in a popup window and allow access to your calendar.</Trans>
    </Connection.NotConnected>
  );
}
