import { Trans, useLingui } from "@lingui/react/macro";
import type { Service } from "@shared/service.schema";
import { ConfirmDialog } from "../../components/confirm-dialog";

type DeleteServiceDialogProps = {
  target: Service | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (service: Service) => void;
};

export function DeleteServiceDialog(props: DeleteServiceDialogProps) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      {...props}
      title={({ name }) => t`Delete the service “${name}”?`}
      description={t`Your assistant will no longer offer it to callers. This cannot be undone.`}
      confirmLabel={<Trans>Delete service</Trans>}
      pendingLabel={<Trans>Deleting…</Trans>}
    />
  );
}
