import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { css } from "styled-system/css";
import { AppDialog, DialogForm } from "../../components/ui/app-dialog";
import { Button } from "../../components/ui/button";
import { destructive } from "../../components/ui/destructive";
import * as Dialog from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Text } from "../../components/ui/text";

type DeleteBusinessDialogProps = {
  open: boolean;
  businessName: string;
  /** The deletion is on its way. */
  deleting: boolean;
  /** The last export is on its way: deleting now would cut it short (the server would break it). */
  exporting: boolean;
  /** Why the server refused, or null. */
  refusal: string | null;
  /** The last export, offered before the point of no return (its button and progress). */
  lastExport: ReactNode;
  onCancel: () => void;
  onDelete: (typedName: string) => void;
  finalFocus: () => HTMLElement | null;
};

/**
 * Delete everything: what goes, a last chance to export, then the business's name typed exactly as the
 * confirmation (the server checks it again). First focus on Cancel, as every destructive confirmation.
 */
export function DeleteBusinessDialog({
  open,
  businessName,
  deleting,
  exporting,
  refusal,
  lastExport,
  onCancel,
  onDelete,
  finalFocus,
}: DeleteBusinessDialogProps) {
  const { t } = useLingui();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const close = () => {
    if (deleting) return;
    setTyped("");
    setMismatch(false);
    onCancel();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (exporting) return;
    if (typed !== businessName) {
      setMismatch(true);
      return;
    }
    onDelete(typed);
  };
  const title = t`Delete everything?`;
  return (
    <AppDialog
      open={open}
      onClose={close}
      role="alertdialog"
      initialFocus={() => cancelRef.current}
      finalFocus={finalFocus}
      title={title}
      description={t`This deletes ${businessName} and all its data for good: calls and transcripts, bookings, services, settings, assistant keys and the activity log. Telegram and Google Calendar are disconnected and every staff member is signed out. It cannot be undone.`}
    >
      <DialogForm label={title} busy={deleting} onSubmit={submit}>
        <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          <Text size="sm">
            <Trans>Want a copy first? Download a last export before deleting.</Trans>
          </Text>
          {lastExport}
        </div>
        <Field
          label={<Trans>Type {businessName} to confirm</Trans>}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setTyped(event.target.value);
            setMismatch(false);
          }}
          errorText={
            mismatch ? (
              <Trans>
                This is not the business's name. Type it exactly as shown, capitals and spaces included.
              </Trans>
            ) : (
              (refusal ?? undefined)
            )
          }
        />
        <Dialog.Footer>
          <Button ref={cancelRef} variant="outline" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          {/* aria-disabled, not disabled: the button pressed keeps the focus while the deletion is on its way. */}
          <Button type="submit" className={destructive} aria-disabled={deleting || exporting || undefined}>
            {deleting ? <Trans>Deleting…</Trans> : <Trans>Delete everything</Trans>}
          </Button>
        </Dialog.Footer>
      </DialogForm>
    </AppDialog>
  );
}
