import {
  DatePicker,
  type DateValue,
  parseDate,
  type UseDatePickerContext,
  useDatePickerContext,
} from "@ark-ui/react/date-picker";
import { useLingui } from "@lingui/react/macro";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { useLayoutEffect, useMemo } from "react";
import { css, cx } from "styled-system/css";
import { button } from "styled-system/recipes/button";
import { datePicker } from "styled-system/recipes/date-picker";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";
import { useHandoverFocus } from "../lib/use-load-on-intent";
import {
  type DateFieldHandover,
  type DateFieldProps,
  square,
  squareButton,
  useDatePlaceholder,
} from "./date-field";

const styles = datePicker();
const fieldStyles = field();
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

/** Ark's date picker with the Park UI recipe; loaded lazily by DateField. */
export default function DatePickerField({
  label,
  value,
  onChange,
  min,
  max,
  inputClassName,
  handover,
}: DateFieldProps & { handover?: DateFieldHandover | undefined }) {
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
  const inputRef = useHandoverFocus<HTMLInputElement>(handover, "input");
  const triggerRef = useHandoverFocus<HTMLButtonElement>(handover);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only, taking over the stand-in's text
  useLayoutEffect(() => {
    const typed = handover?.typed;
    const element = inputRef.current;
    if (typed === undefined || !element) return;
    // Through the input's own setter and event, as typing does: the picker parses it as it would typed text.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(element, typed);
    element.dispatchEvent(new Event("input", { bubbles: true }));
    // Setting the text put the caret at its end: back where the stand-in had it, for the next key.
    if (handover?.focus === "input" && handover.selection) element.setSelectionRange(...handover.selection);
    // Enter was pressed in the stand-in after that text: committed as the picker's own Enter would.
    if (handover?.entered)
      element.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
  }, []);
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
        <DatePicker.Input ref={inputRef} className={cx(input({ size: "sm" }), inputClassName)} />
        <DatePicker.Trigger ref={triggerRef} className={squareButton}>
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

function DayView() {
  return (
    <DatePicker.View view="day" className={styles.view}>
      <DatePicker.Context>
        {(picker) => (
          <>
            <ViewControl />
            <DatePicker.Table className={styles.table}>
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
              <DatePicker.TableBody>
                {picker.weeks.map((week) => (
                  <DatePicker.TableRow key={week[0]?.toString()}>
                    {week.map((day) => (
                      <DatePicker.TableCell key={day.toString()} value={day} className={styles.tableCell}>
                        <DatePicker.TableCellTrigger className={cx(cell, styles.tableCellTrigger)}>
                          {day.day}
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

/** The month and year views: a grid of cells, each choosing one value. */
function CellGridView({
  view,
  rows,
}: {
  view: "month" | "year";
  rows: (picker: UseDatePickerContext) => { value: number; label: string }[][];
}) {
  return (
    <DatePicker.View view={view} className={styles.view}>
      <DatePicker.Context>
        {(picker) => (
          <>
            <ViewControl />
            <DatePicker.Table className={styles.table}>
              <DatePicker.TableBody>
                {rows(picker).map((row) => (
                  <DatePicker.TableRow key={row[0]?.value}>
                    {row.map((item) => (
                      <DatePicker.TableCell key={item.value} value={item.value} className={styles.tableCell}>
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

const MonthView = () => (
  <CellGridView view="month" rows={(picker) => picker.getMonthsGrid({ columns: 4, format: "short" })} />
);

const YearView = () => <CellGridView view="year" rows={(picker) => picker.getYearsGrid({ columns: 4 })} />;
