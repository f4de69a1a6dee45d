import { CalendarDays } from "lucide-react";
import { lazy, Suspense, useId } from "react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { datePicker } from "styled-system/recipes/date-picker";
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

const styles = datePicker();
const fieldStyles = field();
/** Icon buttons as wide as the small input is high. */
export const square = css({ px: "0", w: "9" });
export const squareButton = cx(button({ variant: "outline", size: "sm" }), square);

/** A date input and calendar in the interface's language (format, month and day names, first weekday). */
export function DateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<DateFieldPlaceholder {...props} />}>
      <DatePickerField {...props} />
    </Suspense>
  );
}

/** Drawn like the picker (label, input and calendar button), while its code loads: filters keep their rows. */
function DateFieldPlaceholder({ label, inputClassName }: DateFieldProps) {
  const id = useId();
  return (
    <div className={cx(styles.root, fieldStyles.root)}>
      <label htmlFor={id} className={cx(styles.label, fieldStyles.label)}>
        {label}
      </label>
      <div className={cx(styles.control, css({ gap: "1" }))}>
        <input id={id} disabled className={cx(input({ size: "sm" }), inputClassName)} />
        <span aria-hidden="true" className={squareButton} data-disabled="">
          <CalendarDays />
        </span>
      </div>
    </div>
  );
}
