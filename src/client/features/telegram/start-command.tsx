import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useRef } from "react";
import { css } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { CopyButton } from "../../components/copy-button";
import { Input } from "../../components/ui/input";

const fieldStyles = field();

/** Step 2's message for a chat opened without the link: the start command with this dialog's one-time code. */
export function StartCommand({ code }: { code: string }) {
  const { t } = useLingui();
  const id = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const command = `/start ${code}`;
  return (
    <div className={fieldStyles.root}>
      <label htmlFor={id} className={fieldStyles.label}>
        <Trans>Start command</Trans>
      </label>
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
        <Input
          ref={fieldRef}
          id={id}
          readOnly
          value={command}
          onFocus={(event) => event.currentTarget.select()}
          className={css({ flex: "1", minW: "10rem", fontFamily: "mono" })}
        />
        <CopyButton value={command} fieldRef={fieldRef} label={t`Copy start command`} />
      </div>
    </div>
  );
}
