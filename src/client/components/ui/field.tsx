import {
  FieldErrorText,
  FieldHelperText,
  FieldInput,
  type FieldInputProps,
  FieldLabel,
  FieldRoot,
} from "@ark-ui/react/field";
import type { ReactNode, Ref } from "react";
import { cx } from "styled-system/css";
import { field, input } from "styled-system/recipes";

type FieldProps = Omit<FieldInputProps, "children"> & {
  ref?: Ref<HTMLInputElement>;
  label: ReactNode;
  helperText?: ReactNode;
  /** Shown, and announced through aria-describedby, only while set. */
  errorText?: ReactNode;
};

/** A labelled input; Ark wires the label, aria-describedby, aria-invalid and required. */
export function Field({ label, helperText, errorText, required, disabled, className, ...props }: FieldProps) {
  const styles = field();
  return (
    <FieldRoot className={styles.root} invalid={Boolean(errorText)} required={required} disabled={disabled}>
      <FieldLabel className={styles.label}>{label}</FieldLabel>
      <FieldInput className={cx(input(), className)} {...props} />
      {helperText ? <FieldHelperText className={styles.helperText}>{helperText}</FieldHelperText> : null}
      <FieldErrorText className={styles.errorText}>{errorText}</FieldErrorText>
    </FieldRoot>
  );
}
