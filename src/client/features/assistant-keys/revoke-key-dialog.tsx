import { Portal } from "@ark-ui/react/portal";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AssistantKey } from "@shared/assistant.schema";
import { useRef } from "react";
import { Button } from "../../components/ui/button";
import { destructive } from "../../components/ui/destructive";
import * as Dialog from "../../components/ui/dialog";

type RevokeKeyDialogProps = {
  target: AssistantKey | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (key: AssistantKey) => void;
};

/** The confirmation before a DELETE: an alertdialog whose first focus is Cancel. */
export function RevokeKeyDialog({ target, pending, onCancel, onConfirm }: RevokeKeyDialogProps) {
  const { t } = useLingui();
  const cancelRef = useRef<HTMLButtonElement>(null);
  // The dialog animates out after `target` is cleared: keep naming the key it was about.
  const last = useRef(target);
  if (target) last.current = target;
  const name = last.current?.name ?? "";
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={({ open }) => {
        if (!open) onCancel();
      }}
      role="alertdialog"
      initialFocusEl={() => cancelRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t`Revoke the key “${name}”?`}</Dialog.Title>
              <Dialog.Description>
                {t`An assistant using this key will be refused from the next request on. This cannot be undone.`}
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
              <Button className={destructive} disabled={pending} onClick={() => target && onConfirm(target)}>
                {pending ? <Trans>Revoking…</Trans> : <Trans>Revoke key</Trans>}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
