import { type ComponentProps, type ReactNode, useId } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { textarea } from "styled-system/recipes/textarea";

type TextareaFieldProps = Omit<ComponentProps<"textarea">, "id"> & {
  label: ReactNode;
  helperText?: ReactNode;
  /** Shown, and announced through aria-describedby, only while set. */
  errorText?: ReactNode;
};

const styles = field();

/** A labelled multi-line input, wired like components/ui/field.tsx. */
export function TextareaField({ label, helperText, errorText, className, ...props }: TextareaFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const errorId = `${id}-error`;
  const describedBy = [helperText ? helperId : null, errorText ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={styles.root} data-invalid={errorText ? "" : undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cx(textarea({ size: "md" }), css({ resize: "vertical" }), className)}
        {...props}
      />
      {helperText ? (
        <span id={helperId} className={styles.helperText}>
          {helperText}
        </span>
      ) : null}
      {errorText ? (
        <span id={errorId} className={styles.errorText}>
          {errorText}
        </span>
      ) : null}
    </div>
  );
}
