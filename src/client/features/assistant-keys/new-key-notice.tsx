import { Trans, useLingui } from "@lingui/react/macro";
import type { CreatedAssistantKey } from "@shared/assistant.schema";
import { TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { css } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { CopyButton } from "../../components/copy-button";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";

const fieldStyles = field();

/** The new key in full, this once: copy it now, it cannot be shown again. */
export function NewKeyNotice({ created, onDone }: { created: CreatedAssistantKey; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const name = created.name;

  useEffect(() => {
    fieldRef.current?.focus();
    fieldRef.current?.select();
  }, []);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "3",
        p: "4",
        borderRadius: "l2",
        borderWidth: "1px",
        borderColor: "amber.a8",
        bg: "amber.a2",
      })}
    >
      <h3
        id={`${id}-title`}
        className={css({ fontWeight: "semibold", display: "flex", alignItems: "center", gap: "2" })}
      >
        <TriangleAlert aria-hidden="true" className={css({ w: "4", h: "4", color: "amber.11" })} />
        <Trans>Key “{name}” created</Trans>
      </h3>
      <p id={`${id}-warning`} className={css({ fontSize: "sm", color: "fg.default" })}>
        <Trans>Copy this key now and keep it safe. It will not be shown again.</Trans>
      </p>
      <div className={fieldStyles.root}>
        <label htmlFor={`${id}-key`} className={fieldStyles.label}>
          <Trans>Your new key</Trans>
        </label>
        <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
          <Input
            ref={fieldRef}
            id={`${id}-key`}
            readOnly
            value={created.key}
            aria-describedby={`${id}-warning`}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className={css({ flex: "1", minW: "14rem", fontFamily: "mono" })}
          />
          <CopyButton value={created.key} fieldRef={fieldRef} label={t`Copy key`} />
        </div>
      </div>
      <div>
        <Button variant="outline" size="sm" onClick={onDone}>
          <Trans>I have copied the key</Trans>
        </Button>
      </div>
    </section>
  );
}
