import { Trans, useLingui } from "@lingui/react/macro";
import { css } from "styled-system/css";
import { CopyField } from "../../components/copy-field";
import { Code } from "../../components/ui/code";

/** What an owner needs to connect their assistant: this server's address and how the key is sent. */
export function ConnectionInfo() {
  const { t } = useLingui();
  const address = `${window.location.origin}/api/assistant`;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <CopyField
        label={<Trans>Server address for your assistant</Trans>}
        value={address}
        copyLabel={t`Copy server address`}
        inputClassName={css({ minW: "14rem" })}
      />
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>
        <Trans>
          Your assistant sends its key in the <Code>X-Api-Key</Code> header of every request, for example when
          it reports a call to <Code>POST /api/assistant/calls</Code>.
        </Trans>
      </p>
    </div>
  );
}
