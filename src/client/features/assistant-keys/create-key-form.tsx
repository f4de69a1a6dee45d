import { Trans, useLingui } from "@lingui/react/macro";
import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { useOneAtATime } from "../../lib/use-one-at-a-time";

const NAME_MAX = 100;

type CreateKeyFormProps = {
  pending: boolean;
  /** Resolves when the key was made (the form then empties), rejects when it was not (the name stays to try again). */
  onCreate: (name: string) => Promise<unknown>;
};

export function CreateKeyForm({ pending, onCreate }: CreateKeyFormProps) {
  const { t } = useLingui();
  const [name, setName] = useState("");
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const oneAtATime = useOneAtATime();
  return (
    <form
      noValidate
      aria-label={t`Create an assistant key`}
      className={css({ display: "flex", flexWrap: "wrap", alignItems: "flex-start", gap: "3" })}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = name.trim();
        if (!trimmed) {
          setInvalid(true);
          inputRef.current?.focus();
          return;
        }
        oneAtATime(() => onCreate(trimmed).then(() => setName("")));
      }}
    >
      <div className={css({ flex: "1", minW: "14rem" })}>
        <Field
          ref={inputRef}
          label={t`Key name`}
          helperText={invalid ? undefined : t`For example the assistant or phone line that will use it.`}
          errorText={invalid ? t`Enter a name for the key.` : undefined}
          name="keyName"
          required
          maxLength={NAME_MAX}
          autoComplete="off"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setInvalid(false);
          }}
        />
      </div>
      {/* Aligned with the input, below its label. aria-disabled, not disabled: a button disabling itself under the
          keyboard would drop focus to <body>. */}
      <Button
        type="submit"
        aria-disabled={pending || undefined}
        className={css({ mt: { base: "0", sm: "6" } })}
      >
        <Plus aria-hidden="true" />
        {pending ? <Trans>Creating…</Trans> : <Trans>Create key</Trans>}
      </Button>
    </form>
  );
}
