import { Portal } from "@ark-ui/react/portal";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Service } from "@shared/service.schema";
import { useRef } from "react";
import { Button } from "../../components/ui/button";
import { destructive } from "../../components/ui/destructive";
import * as Dialog from "../../components/ui/dialog";

type DeleteServiceDialogProps = {
  target: Service | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (service: Service) => void;
};

/** The confirmation before a DELETE: an alertdialog whose first focus is Cancel. */
export function DeleteServiceDialog({ target, pending, onCancel, onConfirm }: DeleteServiceDialogProps) {
  const { t } = useLingui();
  const cancelRef = useRef<HTMLButtonElement>(null);
  // The dialog animates out after `target` is cleared: keep naming the service it was about.
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
              <Dialog.Title>{t`Delete the service “${name}”?`}</Dialog.Title>
              <Dialog.Description>
                {t`Your assistant will no longer offer it to callers. This cannot be undone.`}
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
              <Button className={destructive} disabled={pending} onClick={() => target && onConfirm(target)}>
                {pending ? <Trans>Deleting…</Trans> : <Trans>Delete service</Trans>}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
