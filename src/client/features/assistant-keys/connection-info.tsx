import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useRef } from "react";
import { css } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { CopyButton } from "../../components/copy-button";
import { Input } from "../../components/ui/input";

const fieldStyles = field();
const code = css({ fontFamily: "mono", fontSize: "0.9em", bg: "bg.subtle", px: "1", borderRadius: "l1" });

/** What an owner needs to connect their assistant: this server's address and how the key is sent. */
export function ConnectionInfo() {
  const { t } = useLingui();
  const id = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const address = `${window.location.origin}/api/assistant`;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <div className={fieldStyles.root}>
        <label htmlFor={id} className={fieldStyles.label}>
          <Trans>Server address for your assistant</Trans>
        </label>
        <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
          <Input
            ref={fieldRef}
            id={id}
            readOnly
            value={address}
            onFocus={(event) => event.currentTarget.select()}
            className={css({ flex: "1", minW: "14rem", fontFamily: "mono" })}
          />
          <CopyButton value={address} fieldRef={fieldRef} label={t`Copy server address`} />
        </div>
      </div>
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>
        <Trans>
          Your assistant sends its key in the <code className={code}>X-Api-Key</code> header of every request,
          for example when it reports a call to <code className={code}>POST /api/assistant/calls</code>.
        </Trans>
      </p>
    </div>
  );
}
