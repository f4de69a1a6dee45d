import { Trans, useLingui } from "@lingui/react/macro";
import { ShownOnceNotice } from "../../components/shown-once-notice";

/** Vapi's new secret in full, this once: copy it into Vapi now, it cannot be shown again. */
export function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useLingui();
  return (
    <ShownOnceNotice
      title={<Trans>Your Vapi secret</Trans>}
      warning={
        <Trans>
          Copy it now into the Bearer Token credential of your Vapi server URL. You will not see it again: if
          it is lost, rotate the secret.
        </Trans>
      }
      label={<Trans>Secret</Trans>}
      value={secret}
      copyLabel={t`Copy the secret`}
      doneLabel={<Trans>I have copied the secret</Trans>}
      onDone={onDone}
    />
  );
}
