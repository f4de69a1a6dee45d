import { Trans, useLingui } from "@lingui/react/macro";
import type { AssistantKey } from "@shared/assistant.schema";
import { ConfirmDialog } from "../../components/confirm-dialog";

type RevokeKeyDialogProps = {
  target: AssistantKey | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (key: AssistantKey) => void;
};

export function RevokeKeyDialog(props: RevokeKeyDialogProps) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      {...props}
      title={({ name }) => t`Revoke the key “${name}”?`}
      description={t`An assistant using this key will be refused from the next request on. This cannot be undone.`}
      confirmLabel={<Trans>Revoke key</Trans>}
      pendingLabel={<Trans>Revoking…</Trans>}
    />
  );
}
