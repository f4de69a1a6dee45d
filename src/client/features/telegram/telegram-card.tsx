import { Trans, useLingui } from "@lingui/react/macro";
import { openDialogOf } from "@machines/telegram-connect.machine";
import type { TelegramStatus } from "@shared/telegram.schema";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useRef, useState } from "react";
import { css } from "styled-system/css";
import * as Connection from "../../components/connection-status";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Button } from "../../components/ui/button";
import { CardBody } from "../../components/ui/card";
import { Code } from "../../components/ui/code";
import { Skeleton } from "../../components/ui/skeleton";
import { toaster } from "../../components/ui/toaster";
import { useApi } from "../../lib/api-context";
import { useCompanyTimeZone } from "../../lib/company-queries";
import { failureReason } from "../../lib/error-wording";
import { useInspectOptions } from "../../lib/inspect-context";
import { dayFormat } from "../../lib/zoned-format";
import { SettingsCard } from "../settings/settings-card";
import { isRefusedChatId } from "./refused-chat-id";
import { telegramQueries } from "./telegram.queries";
import { provideTelegramConnect } from "./telegram-connect.actors";
import { TelegramConnectDialog } from "./telegram-connect-dialog";

/**
 * Settings → Telegram notifications (spec 2, 3, 7): no bot on the server (what to configure), not connected
 * (Connect), connected since a date (Disconnect), or refused by Telegram (Reconnect).
 */
export function TelegramCard() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const status = useQuery(telegramQueries.status(api));
  // Dates are the business's, as everywhere else.
  const timeZone = useCompanyTimeZone();

  const [machine] = useState(() =>
    provideTelegramConnect({
      api,
      queryClient,
      onConnected: () =>
        toaster.success({
          title: t`Telegram connected successfully! You'll now receive appointment notifications.`,
        }),
      onConnectFailed: (failure) =>
        isRefusedChatId(failure)
          ? toaster.error({ title: t`Failed to connect Telegram. Please check your chat ID.` })
          : toaster.error({
              title: t`Failed to connect Telegram`,
              description: failureReason(i18n, failure),
            }),
      onDisconnected: () => toaster.success({ title: t`Telegram disconnected successfully.` }),
      onDisconnectFailed: (failure) =>
        toaster.error({
          title: t`Failed to disconnect Telegram.`,
          description: failureReason(i18n, failure),
        }),
    }),
  );
  const dialogs = useActorRef(machine, useInspectOptions());
  const askingToDisconnect = useSelector(dialogs, (s) => openDialogOf(s) === "disconnect");
  const disconnecting = useSelector(dialogs, (s) => s.matches("disconnecting"));
  // The button that opened a dialog may be gone when it closes (Connect becomes Disconnect): focus goes to
  // the card's main action then.
  const actionRef = useRef<HTMLButtonElement>(null);
  const finalFocus = () => actionRef.current;

  const connectButton = (label: ReactNode) => (
    <Button ref={actionRef} onClick={() => dialogs.send({ type: "dialog.open" })}>
      {label}
    </Button>
  );
  const disconnectButton = (main: boolean) => (
    <Connection.DisconnectButton
      ref={main ? actionRef : undefined}
      onClick={() => dialogs.send({ type: "disconnect.ask" })}
    />
  );

  return (
    <SettingsCard
      title={<Trans>Telegram notifications</Trans>}
      description={
        <Trans>
          Get a message in Telegram for every new, changed or cancelled booking and every missed call, and
          confirm or cancel pending bookings from the message itself.
        </Trans>
      }
    >
      <CardBody className={css({ gap: "4" })}>
        {status.data && timeZone ? (
          <StatusView
            status={status.data}
            connect={connectButton}
            disconnect={disconnectButton}
            timeZone={timeZone}
            since={dayFormat(i18n.locale, timeZone)}
          />
        ) : status.isError ? (
          <LoadErrorAlert
            title={<Trans>Failed to fetch Telegram status</Trans>}
            error={status.error}
            onRetry={() => void status.refetch()}
          />
        ) : (
          <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            <span className={css({ srOnly: true })}>
              <Trans>Loading Telegram status…</Trans>
            </span>
            <Skeleton className={css({ h: "5", w: "16rem", maxW: "full" })} />
            <Skeleton className={css({ h: "10", w: "8rem" })} />
          </div>
        )}
      </CardBody>
      <TelegramConnectDialog actor={dialogs} finalFocus={finalFocus} />
      {/* Disconnect asks first: notifications stop at once. */}
      <Connection.DisconnectDialog
        open={askingToDisconnect}
        pending={disconnecting}
        onCancel={() => dialogs.send({ type: "dialog.close" })}
        onConfirm={() => dialogs.send({ type: "disconnect.confirm" })}
        finalFocus={finalFocus}
        title={t`Disconnect Telegram?`}
        description={t`You will no longer receive booking and missed-call notifications in Telegram. You can connect a chat again at any time.`}
      />
    </SettingsCard>
  );
}

type StatusViewProps = Connection.Actions & {
  status: TelegramStatus;
  /** The business's timezone, which `since` shows days in. */
  timeZone: string;
  since: (iso: string) => string;
};

function StatusView({ status, connect, disconnect, timeZone, since }: StatusViewProps) {
  if (!status.configured)
    return (
      <Connection.NotSetUp title={<Trans>Telegram is not set up on this server yet.</Trans>}>
        <Trans>
          Whoever runs CallDesk creates a bot with @BotFather, sets <Code>TELEGRAM_BOT_TOKEN</Code> and{" "}
          <Code>TELEGRAM_BOT_USERNAME</Code> in the server's environment and restarts it. The README explains
          each step.
        </Trans>
      </Connection.NotSetUp>
    );
  if (status.brokenAt !== null) {
    const date = since(status.brokenAt);
    return (
      <Connection.Refused
        title={<Trans>Telegram stopped delivering your notifications</Trans>}
        reconnect={connect(<Trans>Reconnect</Trans>)}
        disconnect={disconnect(false)}
      >
        <Trans>
          Since {date}, Telegram has refused the messages for your chat: the bot was probably blocked, removed
          from it or no longer allowed to post there. Reconnect to receive notifications again.
        </Trans>
      </Connection.Refused>
    );
  }
  if (status.connected) {
    const date = status.connectedAt ? since(status.connectedAt) : null;
    return (
      <div className={Connection.actionsRow}>
        <Connection.ConnectedBadge />
        <Connection.ConnectedSince date={date} timeZone={timeZone} />
        <span className={css({ flex: "1" })} />
        {disconnect(true)}
      </div>
    );
  }
  return (
    <Connection.NotConnected connect={connect(<Trans>Connect Telegram</Trans>)}>
      <Trans>Not connected. Connect a chat in three steps; it takes about a minute.</Trans>
    </Connection.NotConnected>
  );
}
