import { Trans, useLingui } from "@lingui/react/macro";
import type { BlackoutDate } from "@shared/availability.schema";
import { ConfirmDialog } from "../../components/confirm-dialog";

type RemoveBlackoutDialogProps = {
  target: BlackoutDate | null;
  /** How the list names the target's span, to name it in the question. */
  describe: (blackout: BlackoutDate) => string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (blackout: BlackoutDate) => void;
};

/** "Remove the blackout of …?", naming its span as the list does. */
export function RemoveBlackoutDialog({ describe, ...props }: RemoveBlackoutDialogProps) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      {...props}
      title={(blackout) => {
        const days = describe(blackout);
        return t`Remove the blackout on ${days}?`;
      }}
      description={t`Callers can be offered these times again, within your weekly schedule.`}
      confirmLabel={<Trans>Remove blackout</Trans>}
      pendingLabel={<Trans>Removing…</Trans>}
    />
  );
}
