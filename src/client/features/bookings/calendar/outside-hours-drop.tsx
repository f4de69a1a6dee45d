import { Trans } from "@lingui/react/macro";
import { useRef } from "react";
import { AppDialog } from "../../../components/ui/app-dialog";
import { Button } from "../../../components/ui/button";
import * as Dialog from "../../../components/ui/dialog";

type OutsideHoursDropProps = {
  /** The dropped time and its day as the reschedule dialog words them; null: no question open. */
  asked: { time: string; day: string } | null;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * A booking dropped outside the opening hours was refused: staff may mean it (an early or late appointment),
 * as in the reschedule dialog, so the calendar asks instead of only saying no. The block is already back
 * at its time; confirming moves it. First focus on Cancel: the safe answer.
 */
export function OutsideHoursDrop({ asked, saving, onCancel, onConfirm }: OutsideHoursDropProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const last = useRef(asked);
  if (asked) last.current = asked;
  const { time = "", day = "" } = last.current ?? {};
  return (
    <AppDialog
      open={asked !== null}
      onClose={onCancel}
      role="alertdialog"
      initialFocus={() => cancelRef.current}
      title={<Trans>Outside the opening hours</Trans>}
      description={
        <Trans>
          {time} on {day} is outside the opening hours. Reschedule anyway, or choose another time.
        </Trans>
      }
    >
      <Dialog.Footer>
        <Button ref={cancelRef} variant="outline" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button disabled={saving} onClick={onConfirm}>
          {saving ? <Trans>Rescheduling...</Trans> : <Trans>Reschedule anyway</Trans>}
        </Button>
      </Dialog.Footer>
    </AppDialog>
  );
}
