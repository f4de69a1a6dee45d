import { useLingui } from "@lingui/react/macro";
import { CalendarDays } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { datePicker } from "styled-system/recipes/date-picker";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";
import { loadOnce } from "../lib/load-once";
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

/** What the picker takes over from its stand-in: focus, a press of the calendar button, text typed meanwhile. */
export type DateFieldHandover = Handover & { typed: string | undefined };

/** A date input and calendar in the interface's language (format, month and day names, first weekday). */
export function DateField(props: DateFieldProps) {
  const { loaded: DatePickerField, handover, handlers } = useLoadOnIntent(picker);
  const [typed, setTyped] = useState<string>();
  if (DatePickerField) return <DatePickerField {...props} handover={handover && { ...handover, typed }} />;
  return <DateFieldStandIn {...props} handlers={handlers} typed={typed} onType={setTyped} />;
}

/** The input's placeholder: the interface language's order of day, month and year ("mm/dd/yyyy"). */
export function useDatePlaceholder() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => {
    const tokens: Record<string, string> = {
      day: t({ message: "dd", comment: "Date format placeholder: day" }),
      month: t({ message: "mm", comment: "Date format placeholder: month" }),
      year: t({ message: "yyyy", comment: "Date format placeholder: year" }),
    };
    const parts = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric" });
    return parts
      .formatToParts(new Date(2000, 0, 1))
      .map((part) => tokens[part.type] ?? part.value)
      .join("");
  }, [t, locale]);
}

/** The same day as the picker writes it (its default format: 2-digit day and month, numeric year). */
function shownDay(value: string, locale: string) {
  if (!value) return "";
  const [year, month, day] = value.split("-").map(Number);
  const format = new Intl.DateTimeFormat(locale, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  });
  return format.format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
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
}: DateFieldProps & {
  handlers: IntentHandlers;
  typed: string | undefined;
  onType: (text: string) => void;
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
          onFocus={handlers.onFocus}
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
