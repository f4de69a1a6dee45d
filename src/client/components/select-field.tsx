import { type ReactNode, useId } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";

export type SelectOption<V extends string> = { value: V; label: string };

type SelectFieldProps<V extends string> = {
  label: ReactNode;
  /** The chosen value; undefined when nothing is (the `emptyLabel` option shows). */
  value: V | undefined;
  options: readonly SelectOption<V>[];
  /** The first option, meaning no choice (e.g. "All statuses"); without it a value is always chosen. */
  emptyLabel?: string;
  /** Only ever one of the options' values, or undefined for the empty option. */
  onChange: (value: V | undefined) => void;
  /** Shown, and announced through aria-describedby, only while set. */
  errorText?: ReactNode;
};

const styles = field();
// The input recipe hides the native arrow; the select draws its own.
const selectControl = cx(
  input({ size: "sm" }),
  css({
    minW: "10rem",
    appearance: "none",
    pe: "8",
    bgImage:
      "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' fill='none' stroke='%23888' stroke-width='2' viewBox='0 0 24 24'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
    bgRepeat: "no-repeat",
    bgPosition: "right 0.5rem center",
    cursor: "pointer",
  }),
);

/**
 * A labelled native select: the filters of the lists, and the choices of a form (a native one is light and works
 * on every device), with Ark's field anatomy as Field has it (data-part names, its error tied by aria-describedby).
 */
export function SelectField<V extends string>({
  label,
  value,
  options,
  emptyLabel,
  onChange,
  errorText,
}: SelectFieldProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.root} data-part="root" data-invalid={errorText ? "" : undefined}>
      <label htmlFor={id} className={styles.label} data-part="label">
        {label}
      </label>
      <select
        id={id}
        className={selectControl}
        data-part="select"
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? errorId : undefined}
        value={value ?? ""}
        onChange={(event) => onChange(options.find((option) => option.value === event.target.value)?.value)}
      >
        {emptyLabel === undefined ? null : <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errorText ? (
        <span id={errorId} className={styles.errorText} data-part="error-text">
          {errorText}
        </span>
      ) : null}
    </div>
  );
}
