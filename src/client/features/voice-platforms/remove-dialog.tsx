import { Trans, useLingui } from "@lingui/react/macro";
import type { AssistantConnectionMachine } from "@machines/assistant-connection.machine";
import { PLATFORM_NAMES } from "@shared/assistant-platforms.constants";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { ConfirmDialog } from "../../components/confirm-dialog";

/** Removing a connection asks first: the platform's deliveries are refused from then on. */
type RemoveDialogProps = {
  actor: ActorRefFrom<AssistantConnectionMachine>;
  /** Where focus goes on closing, when the card changed under the dialog. */
  finalFocus: () => HTMLElement | null;
};

export function RemoveDialog({ actor, finalFocus }: RemoveDialogProps) {
  const { t } = useLingui();
  const target = useSelector(actor, (s) =>
    s.matches("confirmingRemove") || s.matches("removing") ? s.context.target : null,
  );
  const removing = useSelector(actor, (s) => s.matches("removing"));
  return (
    <ConfirmDialog
      target={target}
      pending={removing}
      finalFocus={finalFocus}
      onCancel={() => actor.send({ type: "dialog.close" })}
      onConfirm={() => actor.send({ type: "remove.confirm" })}
      title={({ provider }) => {
        const platform = PLATFORM_NAMES[provider];
        return t`Remove the ${platform} connection?`;
      }}
      description={({ provider }) => {
        const platform = PLATFORM_NAMES[provider];
        return t`Its URL stops working at once: calls from ${platform} no longer arrive until you connect again with a new URL. Calls already received stay.`;
      }}
      confirmLabel={<Trans>Remove connection</Trans>}
      pendingLabel={<Trans>Removing…</Trans>}
    />
  );
}
