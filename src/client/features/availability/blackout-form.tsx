import { Trans, useLingui } from "@lingui/react/macro";
import type { BlackoutDateInput } from "@shared/availability.schema";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { css } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { DateField } from "../../components/date-field";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import type { BlackoutProblem } from "./availability-problems";
import { useAvailabilityValidation } from "./use-availability-validation";

type BlackoutFormProps = {
  /** Today's date, the earliest day offered. */
  today: string;
  pending: boolean;
  /** Resolves when the blackout was added (the form then empties), rejects when it was not (it keeps what was typed). */
  onAdd: (blackout: BlackoutDateInput) => Promise<unknown>;
};

const fieldStyles = field();
const row = css({ display: "flex", flexWrap: "wrap", gap: "4", alignItems: "flex-start" });

/** A new blackout: one day or a range of days, whole days or a time range on each, and an optional reason. */
export function BlackoutForm({ today, pending, onAdd }: BlackoutFormProps) {
  const { t } = useLingui();
  const { blackoutProblem } = useAvailabilityValidation();
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const [wholeDay, setWholeDay] = useState(true);
  const [startTime, setStartTime] = useState("09:00");
  const [endTime, setEndTime] = useState("12:00");
  const [reason, setReason] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const wholeDayId = useId();
  const errorId = useId();

  const value: BlackoutDateInput = {
    startDate,
    endDate: endDate || startDate,
    startTime: wholeDay ? null : startTime,
    endTime: wholeDay ? null : endTime === "00:00" ? "24:00" : endTime,
    reason: reason.trim() || null,
  };
  const problem = submitted ? blackoutProblem(value) : null;
  const messages: Record<BlackoutProblem, string> = {
    startDate: t`Choose the first day.`,
    endDate: t`The last day cannot be before the first day.`,
    times: t`Enter both times.`,
    endTime: t`The end must be after the start.`,
  };
  const timeInvalid = problem === "times" || problem === "endTime";

  return (
    <form
      noValidate
      aria-label={t`Add a blackout`}
      className={css({ display: "flex", flexDirection: "column", gap: "4" })}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (pending || blackoutProblem(value)) return;
        onAdd(value).then(
          () => {
            setStartDate("");
            setEndDate("");
            setReason("");
            setSubmitted(false);
          },
          () => {},
        );
      }}
    >
      <div className={row}>
        <div>
          <DateField
            label={t`First day`}
            value={startDate}
            min={today}
            onChange={(next) => {
              setStartDate(next);
              // The last day follows the first until it is chosen apart from it.
              if (!endDate || (next && endDate < next)) setEndDate(next);
            }}
          />
          {problem === "startDate" ? <ErrorText id={errorId}>{messages.startDate}</ErrorText> : null}
        </div>
        <div>
          <DateField label={t`Last day`} value={endDate} min={startDate || today} onChange={setEndDate} />
          {problem === "endDate" ? <ErrorText id={errorId}>{messages.endDate}</ErrorText> : null}
        </div>
      </div>
      <div className={css({ display: "flex", alignItems: "center", gap: "2" })}>
        <input
          id={wholeDayId}
          type="checkbox"
          checked={wholeDay}
          onChange={(event) => setWholeDay(event.target.checked)}
          className={css({ w: "4", h: "4", accentColor: "var(--colors-indigo-9)" })}
        />
        <label htmlFor={wholeDayId} className={css({ fontSize: "sm" })}>
          <Trans>Whole day</Trans>
        </label>
      </div>
      {wholeDay ? null : (
        <fieldset className={css({ display: "flex", flexDirection: "column", gap: "1", minW: "0" })}>
          <legend className={fieldStyles.label}>
            <Trans>Closed from – to, on each of these days</Trans>
          </legend>
          <div
            className={css({ display: "flex", alignItems: "center", gap: "2", flexWrap: "wrap", mt: "1.5" })}
          >
            <Input
              type="time"
              size="sm"
              className={css({ w: "8rem" })}
              aria-label={t`Closed from`}
              value={startTime}
              onChange={(event) => setStartTime(event.target.value)}
              aria-invalid={problem === "times" || undefined}
              aria-describedby={timeInvalid ? errorId : undefined}
            />
            <span aria-hidden="true">–</span>
            <Input
              type="time"
              size="sm"
              className={css({ w: "8rem" })}
              aria-label={t`Closed until`}
              value={endTime}
              onChange={(event) => setEndTime(event.target.value)}
              aria-invalid={timeInvalid || undefined}
              aria-describedby={timeInvalid ? errorId : undefined}
            />
          </div>
          {timeInvalid ? <ErrorText id={errorId}>{messages[problem]}</ErrorText> : null}
        </fieldset>
      )}
      <div className={css({ maxW: "md" })}>
        <Field
          label={t`Reason (optional)`}
          placeholder={t`e.g. Public holiday`}
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          <Plus aria-hidden="true" />
          {pending ? <Trans>Adding…</Trans> : <Trans>Add blackout</Trans>}
        </Button>
      </div>
    </form>
  );
}

function ErrorText({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} role="alert" className={css({ fontSize: "sm", color: "fg.error", mt: "1" })}>
      {children}
    </p>
  );
}
