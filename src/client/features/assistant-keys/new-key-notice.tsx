import { Trans, useLingui } from "@lingui/react/macro";
import type { CreatedAssistantKey } from "@shared/assistant.schema";
import { ShownOnceNotice } from "../../components/shown-once-notice";

/** The new key in full, this once: copy it now, it cannot be shown again. */
export function NewKeyNotice({ created, onDone }: { created: CreatedAssistantKey; onDone: () => void }) {
  const { t } = useLingui();
  const name = created.name;
  return (
    <ShownOnceNotice
      title={<Trans>Key “{name}” created</Trans>}
      warning={<Trans>Copy this key now and keep it safe. It will not be shown again.</Trans>}
      label={<Trans>Your new key</Trans>}
      value={created.key}
      copyLabel={t`Copy key`}
      doneLabel={<Trans>I have copied the key</Trans>}
      onDone={onDone}
    />
  );
}
