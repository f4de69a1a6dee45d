import { Trans, useLingui } from "@lingui/react/macro";
import type { FailureFacts } from "@machines/failure";
import { openDialogOf } from "@machines/telegram-connect.machine";
import type { TelegramStatus } from "@shared/telegram.schema";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { CircleCheck } from "lucide-react";
import { type ReactNode, useId, useRef, useState } from "react";
import { css } from "styled-system/css";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadErrorAlert } from "../../components/load-error-alert";
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
import { failureMessage } from "../../lib/error-wording";
import { useInspectOptions } from "../../lib/inspect-context";
import { dayFormat } from "../../lib/zoned-format";
import { isRefusedChatId } from "./refused-chat-id";
import { telegramQueries } from "./telegram.queries";
import { provideTelegramConnect } from "./telegram-connect.actors";
import { TelegramConnectDialog } from "./telegram-connect-dialog";

const actionsRow = css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" });

/**
 * Settings → Telegram notifications (spec 2, 3, 7): no bot on the server (what to configure), not connected
 * (Connect), connected since a date (Disconnect), or refused by Telegram (Reconnect).
 */
export function TelegramCard() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const titleId = useId();
  const status = useQuery(telegramQueries.status(api));
  // Dates are the business's, as everywhere else.
  const timeZone = useCompanyTimeZone();
  const reasonOf = (failure: FailureFacts | undefined) => {
    const message = failure ? failureMessage(failure) : undefined;
    return message ? i18n._(message) : undefined;
  };

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
          : toaster.error({ title: t`Failed to connect Telegram`, description: reasonOf(failure) }),
      onDisconnected: () => toaster.success({ title: t`Telegram disconnected successfully.` }),
      onDisconnectFailed: (failure) =>
        toaster.error({ title: t`Failed to disconnect Telegram.`, description: reasonOf(failure) }),
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
    <Button
      ref={main ? actionRef : undefined}
      variant="outline"
      onClick={() => dialogs.send({ type: "disconnect.ask" })}
    >
      <Trans>Disconnect</Trans>
    </Button>
  );

  return (
    <Card aria-labelledby={titleId} className={css({ mb: "6" })}>
      <CardHeader>
        <CardTitle id={titleId}>
          <Trans>Telegram notifications</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Get a message in Telegram for every new, changed or cancelled booking and every missed call, and
            confirm or cancel pending bookings from the message itself.
          </Trans>
        </CardDescription>
      </CardHeader>
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
      <ConfirmDialog
        target={askingToDisconnect ? true : null}
        pending={disconnecting}
        onCancel={() => dialogs.send({ type: "dialog.close" })}
        onConfirm={() => dialogs.send({ type: "disconnect.confirm" })}
        finalFocus={finalFocus}
        title={() => t`Disconnect Telegram?`}
        description={t`You will no longer receive booking and missed-call notifications in Telegram. You can connect a chat again at any time.`}
        confirmLabel={<Trans>Disconnect</Trans>}
        pendingLabel={<Trans>Disconnecting…</Trans>}
      />
    </Card>
  );
}

type StatusViewProps = {
  status: TelegramStatus;
  connect: (label: ReactNode) => ReactNode;
  disconnect: (main: boolean) => ReactNode;
  /** The business's timezone, which `since` shows days in. */
  timeZone: string;
  since: (iso: string) => string;
};

function StatusView({ status, connect, disconnect, timeZone, since }: StatusViewProps) {
  if (!status.configured)
    return (
      <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        <Text className={css({ fontWeight: "medium" })}>
          <Trans>Telegram is not set up on this server yet.</Trans>
        </Text>
        <Text muted size="sm">
          <Trans>
            Whoever runs CallDesk creates a bot with @BotFather, sets <Code>TELEGRAM_BOT_TOKEN</Code> and{" "}
            <Code>TELEGRAM_BOT_USERNAME</Code> in the server's environment and restarts it. The README
            explains each step.
          </Trans>
        </Text>
      </div>
    );
  if (status.brokenAt !== null) {
    const date = since(status.brokenAt);
    return (
      <>
        <WarningNotice title={<Trans>Telegram stopped delivering your notifications</Trans>}>
          <Trans>
            Since {date}, Telegram has refused the messages for your chat: the bot was probably blocked,
            removed from it or no longer allowed to post there. Reconnect to receive notifications again.
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
    const date = status.connectedAt ? since(status.connectedAt) : null;
    return (
      <div className={actionsRow}>
        <Badge variant="subtle" tone="accent">
          <CircleCheck aria-hidden="true" />
          <Trans>Connected</Trans>
        </Badge>
        {date ? (
          <Text muted size="sm">
            <Trans>
              Connected since {date} ({timeZone})
            </Trans>
          </Text>
        ) : null}
        <span className={css({ flex: "1" })} />
        {disconnect(true)}
      </div>
    );
  }
  return (
    <div className={actionsRow}>
      <Text muted size="sm" className={css({ flex: "1", minW: "12rem" })}>
        <Trans>Not connected. Connect a chat in three steps; it takes about a minute.</Trans>
      </Text>
      {connect(<Trans>Connect Telegram</Trans>)}
    </div>
  );
}
