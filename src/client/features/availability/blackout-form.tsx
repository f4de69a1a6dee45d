import { Trans, useLingui } from "@lingui/react/macro";
import type { BlackoutDateInput } from "@shared/availability.schema";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { css } from "styled-system/css";
import { DatePickerField } from "../../components/date-picker-field";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { useOneAtATime } from "../../lib/use-one-at-a-time";
import type { BlackoutProblem } from "./availability-problems";
import { blackoutInputOf } from "./blackout-span";
import { useAvailabilityValidation } from "./use-availability-validation";

type BlackoutFormProps = {
  /** Today's date, the earliest day offered. */
  today: string;
  pending: boolean;
  /** Resolves when the blackout was added (the form then empties), rejects when it was not (it keeps what was typed). */
  onAdd: (blackout: BlackoutDateInput) => Promise<unknown>;
};

const row = css({ display: "flex", flexWrap: "wrap", gap: "4", alignItems: "flex-start" });

/**
 * A new blackout: one span from a first day (and optionally a time on it) to a last day (and optionally a time on
 * it), e.g. Friday 14:00 to Monday 10:00, and an optional reason. An empty time is the whole day at that end.
 */
export function BlackoutForm({ today, pending, onAdd }: BlackoutFormProps) {
  const { t } = useLingui();
  const { blackoutProblem } = useAvailabilityValidation();
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  // Whether the last day was picked on its own: until then it follows the first day.
  const [endChosen, setEndChosen] = useState(false);
  const [startTime, setStartTime] = useState("");
  const [endTime, setEndTime] = useState("");
  const [reason, setReason] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const errorId = useId();
  const oneAtATime = useOneAtATime();

  const value = blackoutInputOf({ startDate, startTime, endDate: endDate || startDate, endTime, reason });
  const problem = submitted ? blackoutProblem(value) : null;
  const messages: Record<BlackoutProblem, string> = {
    startDate: t`Choose the first day.`,
    endDate: t`The last day cannot be before the first day.`,
    startTime: t`Enter a time such as 09:00`,
    endTime: t`The end must be after the start.`,
  };
  const timeField = css({ w: "9rem" });

  return (
    <form
      noValidate
      aria-label={t`Add a blackout`}
      className={css({ display: "flex", flexDirection: "column", gap: "4" })}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (blackoutProblem(value)) return;
        oneAtATime(() =>
          onAdd(value).then(() => {
            setStartDate("");
            setEndDate("");
            setEndChosen(false);
            setStartTime("");
            setEndTime("");
            setReason("");
            setSubmitted(false);
          }),
        );
      }}
    >
      <div className={row}>
        <div>
          <DatePickerField
            label={t`First day`}
            value={startDate}
            min={today}
            onChange={(next) => {
              setStartDate(next);
              // The last day follows the first until it is chosen apart from it (a first day picked again,
              // earlier, takes it along), and is never left before it.
              if (!endChosen || (next && endDate < next)) setEndDate(next);
            }}
          />
          {problem === "startDate" ? <ErrorText id={errorId}>{messages.startDate}</ErrorText> : null}
        </div>
        <Field
          type="time"
          label={t`From (optional)`}
          helperText={t`Leave empty for the whole first day`}
          errorText={problem === "startTime" ? messages.startTime : undefined}
          className={timeField}
          value={startTime}
          onChange={(event) => setStartTime(event.target.value)}
        />
      </div>
      <div className={row}>
        <div>
          <DatePickerField
            label={t`Last day`}
            value={endDate}
            min={startDate || today}
            onChange={(next) => {
              setEndDate(next);
              // Emptied, it follows the first day again.
              setEndChosen(next !== "");
            }}
          />
          {problem === "endDate" ? <ErrorText id={errorId}>{messages.endDate}</ErrorText> : null}
        </div>
        <Field
          type="time"
          label={t`Until (optional)`}
          helperText={t`Leave empty for the whole last day`}
          errorText={problem === "endTime" ? messages.endTime : undefined}
          className={timeField}
          value={endTime}
          onChange={(event) => setEndTime(event.target.value)}
        />
      </div>
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
        {/* aria-disabled, not disabled: a button disabling itself under the keyboard would drop focus to <body>. */}
        <Button type="submit" aria-disabled={pending || undefined}>
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
