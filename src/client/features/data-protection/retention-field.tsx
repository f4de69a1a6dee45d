import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { Field } from "../../components/ui/field";
import { SwitchField } from "../../components/ui/switch-field";
import { Text } from "../../components/ui/text";
import type { RetentionDraft } from "./data-protection-draft";

type RetentionFieldProps = {
  name: string;
  /** The switch: on limits the retention to a number of days, off keeps forever. */
  label: ReactNode;
  /** What is kept, and what staying forever means, under the switch. */
  description: ReactNode;
  daysLabel: string;
  value: RetentionDraft;
  errorText: string | undefined;
  onChange: (value: RetentionDraft) => void;
};

/** One retention: kept forever (switch off) or for a number of days typed beside it. */
export function RetentionField({
  name,
  label,
  description,
  daysLabel,
  value,
  errorText,
  onChange,
}: RetentionFieldProps) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <SwitchField
        name={`${name}Limited`}
        label={label}
        checked={value.limited}
        onCheckedChange={(limited) => onChange({ ...value, limited })}
      />
      <Text muted size="sm">
        {description}
      </Text>
      {value.limited ? (
        <Field
          label={daysLabel}
          name={name}
          inputMode="numeric"
          value={value.days}
          errorText={errorText}
          className={css({ maxW: "10rem" })}
          onChange={(event) => onChange({ ...value, days: event.target.value })}
        />
      ) : null}
    </div>
  );
}
