import { useLingui } from "@lingui/react/macro";
import { CalendarDays } from "lucide-react";
import { useId, useState } from "react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { datePicker } from "styled-system/recipes/date-picker";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";
import { loadOnce } from "../lib/load-once";
import { shortDate } from "../lib/short-date";
import { type Handover, type IntentHandlers, useLoadOnIntent } from "../lib/use-load-on-intent";

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

// Ark's date picker weighs more than the rest of a page: it is fetched when someone reaches for a date field.
const picker = loadOnce(() => import("./date-picker-field").then((m) => m.default));

const styles = datePicker();
const fieldStyles = field();
/** Icon buttons as wide as the small input is high. */
export const square = css({ px: "0", w: "9" });
export const squareButton = cx(button({ variant: "outline", size: "sm" }), square);

/**
 * What the picker takes over from its stand-in: focus, a press of the calendar button, text typed meanwhile, and
 * Enter pressed after it (the picker commits that text as if Enter had been pressed in it).
 */
export type DateFieldHandover = Handover & { typed: string | undefined; entered: boolean };

/** A date input and calendar in the interface's language (format, month and day names, first weekday). */
export function DateField(props: DateFieldProps) {
  const { loaded: DatePickerField, handover, handlers } = useLoadOnIntent(picker);
  const [typed, setTyped] = useState<string>();
  const [entered, setEntered] = useState(false);
  if (DatePickerField)
    return <DatePickerField {...props} handover={handover && { ...handover, typed, entered }} />;
  return (
    <DateFieldStandIn
      {...props}
      handlers={handlers}
      typed={typed}
      onType={(text) => {
        setTyped(text);
        // Typing again after Enter: that text is not yet committed.
        setEntered(false);
      }}
      onEnter={() => setEntered(true)}
    />
  );
}

/** The input's placeholder in the interface language's order ("mm/dd/yyyy", "TT.MM.JJJJ"). */
export function useDatePlaceholder() {
  const { t, i18n } = useLingui();
  const parts = {
    day: t({ message: "dd", comment: "Date format placeholder: day" }),
    month: t({ message: "mm", comment: "Date format placeholder: month" }),
    year: t({ message: "yyyy", comment: "Date format placeholder: year" }),
  };
  return shortDate(parts, i18n.locale);
}

/** The day as the picker writes it (YYYY-MM-DD in, e.g. 01/31/2026 out). */
function shownDay(value: string, locale: string) {
  const [year = "", month = "", day = ""] = value.split("-");
  return value ? shortDate({ day, month, year }, locale) : "";
}

/**
 * Drawn like the picker (label, input and calendar button) and usable at once: pointing at it or focusing it
 * fetches the picker, which takes over what was typed, the focus, and a press of the calendar button.
 */
function DateFieldStandIn({
  label,
  value,
  inputClassName,
  handlers,
  typed,
  onType,
  onEnter,
}: DateFieldProps & {
  handlers: IntentHandlers;
  typed: string | undefined;
  onType: (text: string) => void;
  onEnter: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const placeholder = useDatePlaceholder();
  return (
    <div className={cx(styles.root, fieldStyles.root)} onPointerEnter={handlers.onPointerEnter}>
      <label htmlFor={id} className={cx(styles.label, fieldStyles.label)}>
        {label}
      </label>
      <div className={cx(styles.control, css({ gap: "1" }))}>
        <input
          id={id}
          className={cx(input({ size: "sm" }), inputClassName)}
          placeholder={placeholder}
          value={typed ?? shownDay(value, i18n.locale)}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && typed !== undefined) onEnter();
          }}
          onFocus={handlers.onFocus}
          data-handover="input"
        />
        <button
          type="button"
          aria-label={t`Open calendar: ${label}`}
          className={squareButton}
          {...handlers}
          onPointerEnter={undefined}
        >
          <CalendarDays aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
