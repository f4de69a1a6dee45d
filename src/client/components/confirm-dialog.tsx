import { Trans } from "@lingui/react/macro";
import { type ReactNode, useRef } from "react";
import { useOneAtATime } from "../lib/use-one-at-a-time";
import { AppDialog } from "./ui/app-dialog";
import { Button } from "./ui/button";
import { destructive } from "./ui/destructive";
import * as Dialog from "./ui/dialog";

type ConfirmDialogProps<T> = {
  /** What the question is about; null closes the dialog. */
  target: T | null;
  title: (target: T) => string;
  description: string | ((target: T) => string);
  confirmLabel: ReactNode;
  /** The button that backs out, "Cancel" unless that would stand beside a confirm saying "Cancel …". */
  dismissLabel?: ReactNode;
  pendingLabel: ReactNode;
  /** The confirmed request is on its way: its answer decides, so the dialog cannot be backed out of. */
  pending: boolean;
  onCancel: () => void;
  /** What confirming does; a promise it returns holds off another confirm until it settles (and says its failure). */
  onConfirm: (target: T) => unknown;
  /** Where focus goes on closing, when not back to what opened the dialog (it may be gone by then). */
  finalFocus?: (() => HTMLElement | null) | undefined;
  /** "destructive" (the default): the confirm destroys something; "plain": it only goes ahead despite a warning. */
  tone?: "destructive" | "plain";
};

/** The confirmation before something is destroyed or done despite a warning: an alertdialog, first focus on Cancel. */
export function ConfirmDialog<T>({
  target,
  title,
  description,
  confirmLabel,
  dismissLabel = <Trans>Cancel</Trans>,
  pendingLabel,
  pending,
  onCancel,
  onConfirm,
  finalFocus,
  tone = "destructive",
}: ConfirmDialogProps<T>) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // `pending` comes from a render: a second press before the one that shows it would confirm twice.
  const oneAtATime = useOneAtATime();
  // The dialog animates out after `target` is cleared: keep naming what it was about.
  const last = useRef(target);
  if (target !== null) last.current = target;
  // Closing while the request is on its way would not stop it (an erasure still completes), so Cancel, Escape
  // and the backdrop wait for its answer. Both buttons stay focusable (aria-disabled): focus stays in the dialog.
  const cancel = () => {
    if (!pending) onCancel();
  };
  return (
    <AppDialog
      open={target !== null}
      onClose={cancel}
      role="alertdialog"
      initialFocus={() => cancelRef.current}
      finalFocus={finalFocus}
      title={last.current === null ? "" : title(last.current)}
      description={
        typeof description === "string" ? description : last.current === null ? "" : description(last.current)
      }
    >
      <Dialog.Footer>
        <Button ref={cancelRef} variant="outline" aria-disabled={pending || undefined} onClick={cancel}>
          {dismissLabel}
        </Button>
        <Button
          className={tone === "destructive" ? destructive : undefined}
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending && target !== null) oneAtATime(async () => onConfirm(target));
          }}
        >
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
