import { useLingui } from "@lingui/react/macro";
import type { TimeRange } from "@shared/availability.schema";
import { X } from "lucide-react";
import { useId } from "react";
import { css } from "styled-system/css";
import { IconButton } from "../../components/ui/icon-button";
import { Input } from "../../components/ui/input";
import { endFromTimeInput, endToTimeInput } from "../../lib/time-input";
import type { RangeProblem } from "./availability-problems";

type TimeRangeRowProps = {
  range: TimeRange;
  /** Names the inputs for assistive technology, e.g. "Monday, hours 2". */
  label: string;
  problem: RangeProblem | undefined;
  disabled: boolean;
  onChange: (range: TimeRange) => void;
  onRemove: () => void;
};

const timeInput = css({ w: "8rem", fontVariantNumeric: "tabular-nums" });

/** One opening range of a day: from, to, remove, and what is wrong with it right below. */
export function TimeRangeRow({ range, label, problem, disabled, onChange, onRemove }: TimeRangeRowProps) {
  const { t } = useLingui();
  const errorId = useId();
  const message =
    problem === "overlap"
      ? t`This range overlaps another one on the same day.`
      : problem === "endBeforeStart"
        ? t`The end must be after the start.`
        : problem === "time"
          ? t`Enter both times.`
          : null;
  const invalid = message ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <li className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
      <div className={css({ display: "flex", alignItems: "center", gap: "2", flexWrap: "wrap" })}>
        <Input
          type="time"
          size="sm"
          className={timeInput}
          aria-label={t`${label}: from`}
          value={range.start}
          disabled={disabled}
          onChange={(event) => onChange({ ...range, start: event.target.value })}
          {...(problem === "overlap" || problem === "time" ? invalid : {})}
        />
        <span aria-hidden="true">–</span>
        <Input
          type="time"
          size="sm"
          className={timeInput}
          aria-label={t`${label}: to`}
          value={endToTimeInput(range.end)}
          disabled={disabled}
          onChange={(event) => onChange({ ...range, end: endFromTimeInput(event.target.value) })}
          {...(problem === "endBeforeStart" || problem === "time" ? invalid : {})}
        />
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t`Remove ${label}`}
          disabled={disabled}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </IconButton>
      </div>
      {message ? (
        <span id={errorId} className={css({ fontSize: "sm", color: "fg.error" })}>
          {message}
        </span>
      ) : null}
    </li>
  );
}
