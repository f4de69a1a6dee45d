import { Trans } from "@lingui/react/macro";
import { type ReactNode, useRef } from "react";
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
  pending: boolean;
  onCancel: () => void;
  onConfirm: (target: T) => void;
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
  // The dialog animates out after `target` is cleared: keep naming what it was about.
  const last = useRef(target);
  if (target !== null) last.current = target;
  return (
    <AppDialog
      open={target !== null}
      onClose={onCancel}
      role="alertdialog"
      initialFocus={() => cancelRef.current}
      finalFocus={finalFocus}
      title={last.current === null ? "" : title(last.current)}
      description={
        typeof description === "string" ? description : last.current === null ? "" : description(last.current)
      }
    >
      <Dialog.Footer>
        <Button ref={cancelRef} variant="outline" onClick={onCancel}>
          {dismissLabel}
        </Button>
        <Button
          className={tone === "destructive" ? destructive : undefined}
          disabled={pending}
          onClick={() => target !== null && onConfirm(target)}
        >
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
