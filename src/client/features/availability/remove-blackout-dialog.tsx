import { Portal } from "@ark-ui/react/portal";
import { Trans, useLingui } from "@lingui/react/macro";
import type { BlackoutDate } from "@shared/availability.schema";
import { useRef } from "react";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";
import * as Dialog from "../../components/ui/dialog";

type RemoveBlackoutDialogProps = {
  target: BlackoutDate | null;
  /** How the list shows the target's days, to name them in the question. */
  describe: (blackout: BlackoutDate) => string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (blackout: BlackoutDate) => void;
};

const destructive = css({
  bg: { base: "red.light.11", _dark: "red.dark.8" },
  color: "white",
  _hover: { bg: { base: "red.light.12", _dark: "red.dark.7" } },
});

/** The confirmation before a blackout is removed: an alertdialog whose first focus is Cancel (loaded lazily). */
export default function RemoveBlackoutDialog({
  target,
  describe,
  pending,
  onCancel,
  onConfirm,
}: RemoveBlackoutDialogProps) {
  const { t } = useLingui();
  const cancelRef = useRef<HTMLButtonElement>(null);
  // The dialog animates out after `target` is cleared: keep naming the days it was about.
  const last = useRef(target);
  if (target) last.current = target;
  const days = last.current ? describe(last.current) : "";
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
              <Dialog.Title>{t`Remove the blackout on ${days}?`}</Dialog.Title>
              <Dialog.Description>
                {t`Callers can be offered these times again, within your weekly schedule.`}
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onCancel}>
                <Trans>Cancel</Trans>
              </Button>
              <Button className={destructive} disabled={pending} onClick={() => target && onConfirm(target)}>
                {pending ? <Trans>Removing…</Trans> : <Trans>Remove blackout</Trans>}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
