import { Trans, useLingui } from "@lingui/react/macro";
import type { AssistantConnectionMachine } from "@machines/assistant-connection.machine";
import { useSelector } from "@xstate/react";
import { useRef } from "react";
import type { ActorRefFrom } from "xstate";
import { AppDialog, DialogForm } from "../../components/ui/app-dialog";
import { Button } from "../../components/ui/button";
import * as Dialog from "../../components/ui/dialog";
import { RetellKeyField } from "./retell-key-field";

/**
 * Rotating asks first, as deliveries with the old secret are refused from the moment it is done: Vapi's new
 * secret is then shown once; Retell's is the new API key the owner types here.
 */
type RotateDialogProps = {
  actor: ActorRefFrom<AssistantConnectionMachine>;
  /** Where focus goes on closing, when the card changed under the dialog. */
  finalFocus: () => HTMLElement | null;
};

export function RotateDialog({ actor, finalFocus }: RotateDialogProps) {
  const { t } = useLingui();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const provider = useSelector(actor, (s) =>
    s.matches("confirmingRotate") || s.matches("rotating") ? (s.context.target?.provider ?? null) : null,
  );
  // The dialog animates out after the question is gone: keep its words until then.
  const shown = useRef(provider);
  if (provider !== null) shown.current = provider;
  const rotating = useSelector(actor, (s) => s.matches("rotating"));
  const retell = shown.current === "retell";
  const close = () => {
    if (actor.getSnapshot().can({ type: "dialog.close" })) actor.send({ type: "dialog.close" });
  };
  return (
    <AppDialog
      open={provider !== null}
      onClose={close}
      role="alertdialog"
      initialFocus={() => cancelRef.current}
      finalFocus={finalFocus}
      title={retell ? <Trans>Replace the Retell API key?</Trans> : <Trans>Rotate the Vapi secret?</Trans>}
      description={
        retell ? (
          <Trans>
            Deliveries signed with the old key are refused from then on. Give the key Retell now signs with
            (the one with the webhook badge).
          </Trans>
        ) : (
          <Trans>
            A new secret is made and shown once. Deliveries with the old secret are refused from then on,
            until you paste the new one into Vapi.
          </Trans>
        )
      }
    >
      <DialogForm
        label={retell ? t`Replace the Retell API key` : t`Rotate the Vapi secret`}
        busy={rotating}
        onSubmit={(event) => {
          event.preventDefault();
          if (!rotating) actor.send({ type: "rotate.confirm" });
        }}
      >
        {retell ? <RetellKeyField actor={actor} /> : null}
        <Dialog.Footer>
          {/* aria-disabled, not disabled: focus stays on the button pressed while the rotation is on its way. */}
          <Button ref={cancelRef} variant="outline" aria-disabled={rotating || undefined} onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" aria-disabled={rotating || undefined}>
            {rotating ? (
              <Trans>Rotating…</Trans>
            ) : retell ? (
              <Trans>Replace API key</Trans>
            ) : (
              <Trans>Rotate secret</Trans>
            )}
          </Button>
        </Dialog.Footer>
      </DialogForm>
    </AppDialog>
  );
}
