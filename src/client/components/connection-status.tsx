import { Trans } from "@lingui/react/macro";
import { CircleCheck } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { css } from "styled-system/css";
import { ConfirmDialog } from "./confirm-dialog";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";
import { Text } from "./ui/text";
import { WarningNotice } from "./warning-notice";

// The states an outside service's card in Settings goes through (Telegram, Google Calendar), said the same way
// on each: not set up on the server, refused by the service, connected, not connected. Each card keeps its own
// words and actions; what they look like is here.

/** The card's buttons, made by the card (each starts its own flow) and placed by its status view. */
export type Actions = {
  /** Connect, labelled for the state it is in (Connect …, Reconnect). */
  connect: (label: ReactNode) => ReactNode;
  /** Disconnect; `main` when it is the card's main action, which focus returns to. */
  disconnect: (main: boolean) => ReactNode;
};

/** A row of the card's actions, wrapping on narrow screens. */
export const actionsRow = css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "center" });

/** The server lacks what the service needs: what whoever runs it has to configure. */
export function NotSetUp({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <Text className={css({ fontWeight: "medium" })}>{title}</Text>
      <Text muted size="sm">
        {children}
      </Text>
    </div>
  );
}

/** The service refused the connection: why, with Reconnect and Disconnect beside it. */
export function Refused({
  title,
  children,
  reconnect,
  disconnect,
}: {
  title: ReactNode;
  children: ReactNode;
  reconnect: ReactNode;
  disconnect: ReactNode;
}) {
  return (
    <>
      <WarningNotice title={title}>{children}</WarningNotice>
      <div className={actionsRow}>
        {reconnect}
        {disconnect}
      </div>
    </>
  );
}

export function ConnectedBadge() {
  return (
    <Badge variant="subtle" tone="accent">
      <CircleCheck aria-hidden="true" />
      <Trans>Connected</Trans>
    </Badge>
  );
}

/** Since when, as a day in the business's timezone, which is named since the reader may be elsewhere. */
export function ConnectedSince({ date, timeZone }: { date: string | null; timeZone: string }) {
  return date ? (
    <Text muted size="sm">
      <Trans>
        Connected since {date} ({timeZone})
      </Trans>
    </Text>
  ) : null;
}

/** Not connected: what connecting takes, and the button that starts it. */
export function NotConnected({ children, connect }: { children: ReactNode; connect: ReactNode }) {
  return (
    <div className={actionsRow}>
      <Text muted size="sm" className={css({ flex: "1", minW: "12rem" })}>
        {children}
      </Text>
      {connect}
    </div>
  );
}

/** Disconnect asks first (`onClick` opens the card's confirmation); `ref` when it is the card's main action. */
export function DisconnectButton({ ref, onClick }: { ref?: Ref<HTMLButtonElement>; onClick: () => void }) {
  return (
    <Button ref={ref} variant="outline" onClick={onClick}>
      <Trans>Disconnect</Trans>
    </Button>
  );
}

/** Disconnect asks first: what the service got stops at once. */
export function DisconnectDialog({
  open,
  pending,
  onCancel,
  onConfirm,
  finalFocus,
  title,
  description,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  finalFocus: () => HTMLElement | null;
  title: string;
  /** What stops reaching the service, and that connecting again is possible. */
  description: string;
}) {
  return (
    <ConfirmDialog
      target={open ? true : null}
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
      finalFocus={finalFocus}
      title={() => title}
      description={description}
      confirmLabel={<Trans>Disconnect</Trans>}
      pendingLabel={<Trans>Disconnecting…</Trans>}
    />
  );
}
