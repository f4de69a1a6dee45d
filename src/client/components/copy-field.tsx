import { type ReactNode, useId, useRef } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { CopyButton } from "./copy-button";
import { Input } from "./ui/input";

const fieldStyles = field();
const valueStyle = css({ flex: "1", fontFamily: "mono" });

type CopyFieldProps = {
  label: ReactNode;
  value: string;
  /** The copy button's name, saying what it copies. */
  copyLabel: string;
  /** The field's width, e.g. its minimum before the button wraps below it. */
  inputClassName?: string;
};

/** A value to take elsewhere: read-only, selected on focus, with a copy button beside it. */
export function CopyField({ label, value, copyLabel, inputClassName }: CopyFieldProps) {
  const id = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  return (
    <div className={fieldStyles.root}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
        <Input
          ref={fieldRef}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={cx(valueStyle, inputClassName)}
        />
        <CopyButton value={value} fieldRef={fieldRef} label={copyLabel} />
      </div>
    </div>
  );
}
