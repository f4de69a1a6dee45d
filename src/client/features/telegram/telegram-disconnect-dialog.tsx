import { Trans, useLingui } from "@lingui/react/macro";
import { openDialogOf, type TelegramConnectMachine } from "@machines/telegram-connect.machine";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { ConfirmDialog } from "../../components/confirm-dialog";

type TelegramDisconnectDialogProps = {
  actor: ActorRefFrom<TelegramConnectMachine>;
  finalFocus: () => HTMLElement | null;
};

/** Disconnect asks first: notifications stop at once. */
export function TelegramDisconnectDialog({ actor, finalFocus }: TelegramDisconnectDialogProps) {
  const { t } = useLingui();
  const asking = useSelector(actor, (s) => openDialogOf(s) === "disconnect");
  const pending = useSelector(actor, (s) => s.matches("disconnecting"));
  return (
    <ConfirmDialog
      target={asking ? true : null}
      pending={pending}
      onCancel={() => actor.send({ type: "dialog.close" })}
      onConfirm={() => actor.send({ type: "disconnect.confirm" })}
      finalFocus={finalFocus}
      title={() => t`Disconnect Telegram?`}
      description={t`You will no longer receive booking and missed-call notifications in Telegram. You can connect a chat again at any time.`}
      confirmLabel={<Trans>Disconnect</Trans>}
      pendingLabel={<Trans>Disconnecting…</Trans>}
    />
  );
}
