import { Trans, useLingui } from "@lingui/react/macro";
import { AVAILABILITY_LIMITS } from "@shared/availability.constants";
import type { TimeRange } from "@shared/availability.schema";
import { clockTimeOfMinutes, minutesOfClockTime } from "@shared/clock-time";
import { Plus } from "lucide-react";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";
import { Text } from "../../components/ui/text";
import { type RangeProblem, rangeKey } from "./availability-problems";
import { CopyHoursMenu, type CopyTarget } from "./copy-hours-menu";
import { TimeRangeRow } from "./time-range-row";

type DayHoursProps = {
  day: string;
  dayName: string;
  ranges: TimeRange[];
  problems: Map<string, RangeProblem>;
  disabled: boolean;
  /** Changes the day's ranges as they are when the change is applied. */
  onChange: (change: (ranges: TimeRange[]) => TimeRange[]) => void;
  onCopy: (target: CopyTarget) => void;
};

/** A new range: the spec's 09:00–17:00 on a closed day, else the hour after the day's last range. */
function nextRange(ranges: TimeRange[]): TimeRange | null {
  const last = ranges.at(-1);
  if (!last) return { start: "09:00", end: "17:00" };
  const start = minutesOfClockTime(last.end, { end: true }) ?? 0;
  if (start >= 24 * 60) return null;
  return { start: clockTimeOfMinutes(start), end: clockTimeOfMinutes(Math.min(start + 60, 24 * 60)) };
}

/** One weekday of the schedule: its ranges (none: closed), add, and copy to other days. */
export function DayHours({ day, dayName, ranges, problems, disabled, onChange, onCopy }: DayHoursProps) {
  const { t } = useLingui();
  const added = nextRange(ranges);
  const canAdd = added !== null && ranges.length < AVAILABILITY_LIMITS.rangesPerDay;
  return (
    <fieldset
      data-weekday={day}
      className={css({
        display: "grid",
        gridTemplateColumns: { base: "1fr", md: "9rem 1fr auto" },
        gap: "3",
        alignItems: "start",
        py: "4",
        borderBottomWidth: "1px",
        _last: { borderBottomWidth: "0" },
        minW: "0",
      })}
    >
      <legend className={css({ srOnly: true })}>{dayName}</legend>
      <Text aria-hidden="true" className={css({ fontWeight: "semibold", pt: { md: "1.5" } })}>
        {dayName}
      </Text>
      <div className={css({ display: "flex", flexDirection: "column", gap: "2", minW: "0" })}>
        {ranges.length === 0 ? (
          <Text muted size="sm" className={css({ pt: { md: "1.5" } })}>
            <Trans>Closed</Trans>
          </Text>
        ) : (
          <ul className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
            {ranges.map((range, index) => {
              const position = index + 1;
              return (
                <TimeRangeRow
                  // Ranges have no identity of their own; their place is what the user edits.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={index}
                  range={range}
                  label={t`${dayName}, hours ${position}`}
                  problem={problems.get(rangeKey(day, index))}
                  disabled={disabled}
                  onChange={(next) => onChange((current) => current.map((r, i) => (i === index ? next : r)))}
                  onRemove={() => onChange((current) => current.filter((_, i) => i !== index))}
                />
              );
            })}
          </ul>
        )}
      </div>
      <div className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>
        <Button
          variant="outline"
          size="sm"
          data-add-range=""
          disabled={disabled || !canAdd}
          onClick={() => added && onChange((current) => [...current, added])}
        >
          <Plus aria-hidden="true" />
          <Trans>Add hours</Trans> <span className={css({ srOnly: true })}>{t`on ${dayName}`}</span>
        </Button>
        <CopyHoursMenu dayName={dayName} disabled={disabled} onCopy={onCopy} />
      </div>
    </fieldset>
  );
}
