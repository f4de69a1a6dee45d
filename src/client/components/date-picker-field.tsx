import {
  DatePicker,
  type DateValue,
  parseDate,
  type UseDatePickerContext,
  useDatePickerContext,
} from "@ark-ui/react/date-picker";
import { useLingui } from "@lingui/react/macro";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { useMemo } from "react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { datePicker } from "styled-system/recipes/date-picker";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";

const styles = datePicker();
const fieldStyles = field();
/** Icon buttons as wide as the small input is high. */
const square = css({ px: "0", w: "9" });
const squareButton = cx(button({ variant: "outline", size: "sm" }), square);
const ghost = button({ variant: "ghost", size: "sm" });
const cell = cx(
  ghost,
  css({
    w: "full",
    px: "0",
    fontVariantNumeric: "tabular-nums",
    // The chosen day looks like a solid accent button (the ghost recipe is gray, with no selected state).
    // (Named tokens: a colorPalette here would add the whole palette's variables to the stylesheet.)
    _selected: { bg: "indigo.default", color: "indigo.fg", _hover: { bg: "indigo.emphasized" } },
  }),
);

const pad = (value: number, length = 2) => String(value).padStart(length, "0");
const isoDay = (date: DateValue) => `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
const toDateValue = (value: string | undefined) => (value ? parseDate(value) : undefined);

type DatePickerFieldProps = {
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

/** The input's placeholder in the interface language's order and letters ("mm/dd/yyyy", "dd.mm.rrrr"). */
function useDatePlaceholder() {
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const letters: Record<string, string> = {
      day: t({ message: "dd", comment: "Date format placeholder: day" }),
      month: t({ message: "mm", comment: "Date format placeholder: month" }),
      year: t({ message: "yyyy", comment: "Date format placeholder: year" }),
    };
    // The picker's own input format: 2-digit day and month, numeric year.
    const format = new Intl.DateTimeFormat(i18n.locale, {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    });
    return format
      .formatToParts(new Date(2000, 0, 1))
      .map((part) => letters[part.type] ?? part.value)
      .join("");
  }, [t, i18n.locale]);
}

/** A date input and calendar in the interface's language (format, month and day names, first weekday). */
export function DatePickerField({ label, value, onChange, min, max, inputClassName }: DatePickerFieldProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const translations = useMemo(
    () => ({
      // Named after its field too: a form can hold several pickers.
      trigger: (open: boolean) => (open ? t`Close calendar: ${label}` : t`Open calendar: ${label}`),
      content: t`Calendar`,
      prevTrigger: (view: string) =>
        view === "day" ? t`Previous month` : view === "month" ? t`Previous year` : t`Previous years`,
      nextTrigger: (view: string) =>
        view === "day" ? t`Next month` : view === "month" ? t`Next year` : t`Next years`,
      // Named by its content (see ViewControl), so its name begins with the month it shows (WCAG 2.5.3).
      viewTrigger: () => "",
      dayCell: (state: { valueText: string; selected: boolean; unavailable: boolean }) => {
        const day = state.valueText;
        if (state.unavailable) return t`Not available: ${day}`;
        return state.selected ? t`Selected: ${day}` : day;
      },
    }),
    [t, label],
  );
  // The typing hint in the language's own order and letters, e.g. dd.mm.rrrr in Polish.
  const placeholder = useDatePlaceholder();
  const selected = toDateValue(value);

  return (
    <DatePicker.Root
      className={cx(styles.root, fieldStyles.root)}
      locale={locale}
      translations={translations}
      placeholder={placeholder}
      value={selected ? [selected] : []}
      min={toDateValue(min)}
      max={toDateValue(max)}
      onValueChange={({ value: next }) => onChange(next[0] ? isoDay(next[0]) : "")}
      // In place rather than portalled, so the open calendar stays inside its landmark (axe "region").
      positioning={{ strategy: "fixed", placement: "bottom-start" }}
      lazyMount
      unmountOnExit
    >
      <DatePicker.Label className={cx(styles.label, fieldStyles.label)}>{label}</DatePicker.Label>
      <DatePicker.Control className={cx(styles.control, css({ gap: "1" }))}>
        <DatePicker.Input className={cx(input({ size: "sm" }), inputClassName)} />
        <DatePicker.Trigger className={squareButton}>
          <CalendarDays aria-hidden="true" />
        </DatePicker.Trigger>
      </DatePicker.Control>
      <DatePicker.Positioner>
        <DatePicker.Content className={cx(styles.content, css({ maxW: "calc(100vw - 2rem)" }))}>
          <DayView />
          <MonthView />
          <YearView />
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  );
}

function ViewControl() {
  const { t } = useLingui();
  const { view } = useDatePickerContext();
  return (
    <DatePicker.ViewControl className={styles.viewControl}>
      <DatePicker.PrevTrigger className={cx(ghost, square)}>
        <ChevronLeft aria-hidden="true" />
      </DatePicker.PrevTrigger>
      <DatePicker.ViewTrigger className={ghost}>
        <DatePicker.RangeText />
        {/* From the days to the months, from the months to the years; the years view has no next one. */}
        {view !== "year" && (
          <span className={css({ srOnly: true })}>
            {view === "day" ? t`Choose a month` : t`Choose a year`}
          </span>
        )}
      </DatePicker.ViewTrigger>
      <DatePicker.NextTrigger className={cx(ghost, square)}>
        <ChevronRight aria-hidden="true" />
      </DatePicker.NextTrigger>
    </DatePicker.ViewControl>
  );
}

type Cell = { value: DateValue | number; label: number | string };

/** One view of the calendar (days, months or years): its controls, then a grid of cells each choosing one. */
function GridView({
  view,
  rows,
}: {
  view: "day" | "month" | "year";
  rows: (picker: UseDatePickerContext) => Cell[][];
}) {
  return (
    <DatePicker.View view={view} className={styles.view}>
      <DatePicker.Context>
        {(picker) => (
          <>
            <ViewControl />
            <DatePicker.Table className={styles.table}>
              {view === "day" ? (
                <DatePicker.TableHead>
                  <DatePicker.TableRow>
                    {picker.weekDays.map((weekDay) => (
                      <DatePicker.TableHeader key={weekDay.long} className={styles.tableHeader}>
                        <abbr title={weekDay.long} className={css({ textDecoration: "none" })}>
                          {weekDay.short}
                        </abbr>
                      </DatePicker.TableHeader>
                    ))}
                  </DatePicker.TableRow>
                </DatePicker.TableHead>
              ) : null}
              <DatePicker.TableBody>
                {rows(picker).map((row) => (
                  <DatePicker.TableRow key={String(row[0]?.value)}>
                    {row.map((item) => (
                      <DatePicker.TableCell
                        key={String(item.value)}
                        value={item.value}
                        className={styles.tableCell}
                      >
                        <DatePicker.TableCellTrigger className={cx(cell, styles.tableCellTrigger)}>
                          {item.label}
                        </DatePicker.TableCellTrigger>
                      </DatePicker.TableCell>
                    ))}
                  </DatePicker.TableRow>
                ))}
              </DatePicker.TableBody>
            </DatePicker.Table>
          </>
        )}
      </DatePicker.Context>
    </DatePicker.View>
  );
}

const DayView = () => (
  <GridView
    view="day"
    rows={(picker) => picker.weeks.map((week) => week.map((day) => ({ value: day, label: day.day })))}
  />
);

const MonthView = () => (
  <GridView view="month" rows={(picker) => picker.getMonthsGrid({ columns: 4, format: "short" })} />
);

const YearView = () => <GridView view="year" rows={(picker) => picker.getYearsGrid({ columns: 4 })} />;
