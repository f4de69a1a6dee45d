import { type ReactNode, useId } from "react";
import { cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { Input, type InputProps } from "./input";

type FieldProps = InputProps & {
  label: ReactNode;
  helperText?: ReactNode;
  /** Shown, and announced through aria-describedby, only while set. */
  errorText?: ReactNode;
};

const styles = field();

/**
 * A labelled input with Ark's field anatomy (same data-part names and aria wiring) but no Ark code:
 * it is on the sign-in page, inside the entry chunk's budget.
 */
export function Field({ label, helperText, errorText, id, className, ...props }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = `${inputId}-helper`;
  const errorId = `${inputId}-error`;
  const describedBy = [helperText ? helperId : null, errorText ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={styles.root} data-part="root" data-invalid={errorText ? "" : undefined}>
      <label htmlFor={inputId} className={styles.label} data-part="label">
        {label}
      </label>
      <Input
        id={inputId}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cx(styles.input, className)}
        data-part="input"
        {...props}
      />
      {helperText ? (
        <span id={helperId} className={styles.helperText} data-part="helper-text">
          {helperText}
        </span>
      ) : null}
      {errorText ? (
        <span id={errorId} className={styles.errorText} data-part="error-text">
          {errorText}
        </span>
      ) : null}
    </div>
  );
}
