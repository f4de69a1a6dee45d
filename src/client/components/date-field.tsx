import { lazy, Suspense, useId } from "react";
import { cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";

export type DateFieldProps = {
  /** Also names the calendar button ("Open calendar: From"), hence text. */
  label: string;
  /** The chosen day as YYYY-MM-DD, or "" for none. */
  value: string;
  onChange: (value: string) => void;
  /** The earliest and latest days that can be chosen (YYYY-MM-DD); e.g. today's date to refuse past days. */
  min?: string | undefined;
  max?: string | undefined;
  /** Extra classes for the input, e.g. a minimum width. */
  inputClassName?: string;
};

// Ark's date picker weighs more than the rest of a page: it loads after the page is on screen.
const DatePickerField = lazy(() => import("./date-picker-field"));

const styles = field();

/** A date input and calendar in the interface's language (format, month and day names, first weekday). */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<DateFieldPlaceholder {...props} />}>
      <DatePickerField {...props} />
    </Suspense>
  );
}

/** Same size and label as the picker, while its code loads. */
function DateFieldPlaceholder({ label, inputClassName }: DateFieldProps) {
  const id = useId();
  return (
    <div className={styles.root}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} disabled className={cx(input({ size: "sm" }), inputClassName)} />
    </div>
  );
}
