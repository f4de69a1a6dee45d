import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { type ReactNode, useId, useMemo, useState } from "react";
import { css } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";
import { Field } from "../../components/ui/field";
import { type AvailabilityFormActor, editDraft } from "./availability-form-ref";
import { RULE_LIMITS, type RuleName } from "./availability-problems";
import { useAvailabilityValidation } from "./use-availability-validation";

const grid = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr", md: "repeat(2, minmax(0, 1fr))" },
  gap: "5",
  maxW: "3xl",
});
const fieldStyles = field();

// An emptied number input is NaN: the schema refuses it and the field says what to type.
const fromInput = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
const toInput = (value: number) => (Number.isNaN(value) ? "" : String(value));

/** The buffer rules tab: minutes around appointments, notice, horizon and the slot grid, within the shared limits. */
export function BufferRulesEditor({ form }: { form: AvailabilityFormActor }) {
  const { t } = useLingui();
  const { ruleProblems } = useAvailabilityValidation();
  const draft = useSelector(form, (s) => s.context.draft);
  const saving = useSelector(form, (s) => s.matches("saving"));
  const problems = useMemo(() => ruleProblems(draft), [ruleProblems, draft]);
  const set = (name: RuleName, value: number) =>
    editDraft(form, (current) => ({ ...current, [name]: value }));
  const limitText = (name: RuleName) => {
    const { min, max } = RULE_LIMITS[name];
    return t`Enter a whole number from ${min} to ${max}.`;
  };

  const numberField = (name: RuleName, label: string, helper: ReactNode) => (
    <Field
      label={label}
      helperText={problems.has(name) ? undefined : helper}
      errorText={problems.has(name) ? limitText(name) : undefined}
      type="number"
      inputMode="numeric"
      min={RULE_LIMITS[name].min}
      max={RULE_LIMITS[name].max}
      step={1}
      disabled={saving}
      value={toInput(draft[name])}
      onChange={(event) => set(name, fromInput(event.target.value))}
    />
  );

  return (
    <div className={grid}>
      {numberField(
        "bufferBeforeMinutes",
        t`Buffer before (minutes)`,
        t`Kept free before each appointment, e.g. to prepare. A service can set its own.`,
      )}
      {numberField(
        "bufferAfterMinutes",
        t`Buffer after (minutes)`,
        t`Kept free after each appointment, e.g. to clean up. A service can set its own.`,
      )}
      <NoticeField
        minutes={draft.minimumNoticeMinutes}
        invalid={problems.has("minimumNoticeMinutes")}
        disabled={saving}
        onChange={(minutes) => set("minimumNoticeMinutes", minutes)}
      />
      {numberField("bookingHorizonDays", t`Booking horizon (days)`, t`How far ahead callers can book.`)}
      {numberField(
        "slotStepMinutes",
        t`Slot step (minutes)`,
        t`Appointments start on this grid from the opening time, e.g. every 15 minutes.`,
      )}
    </div>
  );
}

type NoticeUnit = "minutes" | "hours";

/** Minimum notice, typed in minutes or hours; kept in whole minutes. */
function NoticeField({
  minutes,
  invalid,
  disabled,
  onChange,
}: {
  minutes: number;
  invalid: boolean;
  disabled: boolean;
  onChange: (minutes: number) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [unit, setUnit] = useState<NoticeUnit>(() =>
    minutes >= 60 && minutes % 60 === 0 ? "hours" : "minutes",
  );
  const perUnit = unit === "hours" ? 60 : 1;
  const { min } = RULE_LIMITS.minimumNoticeMinutes;
  const max = RULE_LIMITS.minimumNoticeMinutes.max / perUnit;
  const shown = Number.isNaN(minutes) ? "" : String(Math.round((minutes / perUnit) * 100) / 100);
  const describedBy = `${id}-text`;
  return (
    <div className={fieldStyles.root} data-invalid={invalid ? "" : undefined}>
      <label htmlFor={id} className={fieldStyles.label}>
        {t`Minimum notice`}
      </label>
      <div className={css({ display: "flex", gap: "2" })}>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={unit === "hours" ? 0.5 : 1}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`${input({ size: "md" })} ${css({ flex: "1", minW: "0" })}`}
          value={shown}
          onChange={(event) => {
            const value = fromInput(event.target.value);
            onChange(Number.isNaN(value) ? value : Math.round(value * perUnit));
          }}
        />
        <select
          aria-label={t`Unit of the minimum notice`}
          disabled={disabled}
          className={`${input({ size: "md" })} ${css({ w: "auto", pe: "2" })}`}
          value={unit}
          onChange={(event) => setUnit(event.target.value === "hours" ? "hours" : "minutes")}
        >
          <option value="minutes">{t`minutes`}</option>
          <option value="hours">{t`hours`}</option>
        </select>
      </div>
      <span id={describedBy} className={invalid ? fieldStyles.errorText : fieldStyles.helperText}>
        {invalid
          ? unit === "hours"
            ? t`Enter a number of hours from ${min} to ${max}.`
            : t`Enter a whole number from ${min} to ${max}.`
          : t`No time is offered sooner than this from now.`}
      </span>
    </div>
  );
}
