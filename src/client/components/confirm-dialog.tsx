import { Portal } from "@ark-ui/react/portal";
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useRef } from "react";
import { Button } from "./ui/button";
import { destructive } from "./ui/destructive";
import * as Dialog from "./ui/dialog";

type ConfirmDialogProps<T> = {
  /** What the question is about; null closes the dialog. */
  target: T | null;
  title: (target: T) => string;
  description: string;
  confirmLabel: ReactNode;
  pendingLabel: ReactNode;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (target: T) => void;
  /** Where focus goes on closing, when not back to what opened the dialog (it may be gone by then). */
  finalFocus?: (() => HTMLElement | null) | undefined;
};

/** The confirmation before something is destroyed: an alertdialog whose first focus is Cancel. */
export function ConfirmDialog<T>({
  target,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onCancel,
  onConfirm,
  finalFocus,
}: ConfirmDialogProps<T>) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // The dialog animates out after `target` is cleared: keep naming what it was about.
  const last = useRef(target);
  if (target !== null) last.current = target;
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={({ open }) => {
        if (!open) onCancel();
      }}
      role="alertdialog"
      initialFocusEl={() => cancelRef.current}
      finalFocusEl={finalFocus}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{last.current === null ? "" : title(last.current)}</Dialog.Title>
              <Dialog.Description>{description}</Dialog.Description>
            </Dialog.Header>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
              <Button
                className={destructive}
                disabled={pending}
                onClick={() => target !== null && onConfirm(target)}
              >
                {pending ? pendingLabel : confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
