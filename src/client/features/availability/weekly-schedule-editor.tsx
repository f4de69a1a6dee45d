import { useLingui } from "@lingui/react/macro";
import { WEEKDAYS, type Weekday } from "@shared/availability.constants";
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { css } from "styled-system/css";
import { weekdayName } from "../../lib/calendar-week";
import { type AvailabilityFormActor, editDraft } from "./availability-form-ref";
import type { CopyTarget } from "./copy-hours-menu";
import { DayHours } from "./day-hours";
import { useAvailabilityValidation } from "./use-availability-validation";

// Monday first, as owners read a working week; the keys stay spec 9's (0 = Sunday).
const DAYS_IN_ORDER: readonly Weekday[] = ["1", "2", "3", "4", "5", "6", "0"];
const MONDAY_TO_FRIDAY: readonly Weekday[] = ["1", "2", "3", "4", "5"];

/** The weekly schedule tab: every weekday's opening ranges, checked by the shared schema as they are typed. */
export function WeeklyScheduleEditor({ form }: { form: AvailabilityFormActor }) {
  const { i18n } = useLingui();
  const { scheduleProblems } = useAvailabilityValidation();
  const schedule = useSelector(form, (s) => s.context.draft.weeklySchedule);
  const saving = useSelector(form, (s) => s.matches("saving"));
  const problems = useMemo(() => scheduleProblems(schedule), [scheduleProblems, schedule]);

  const copy = (from: Weekday, target: CopyTarget) =>
    editDraft(form, (draft) => {
      const to = target === "weekdays" ? MONDAY_TO_FRIDAY : WEEKDAYS;
      const source = draft.weeklySchedule[from];
      const weeklySchedule = { ...draft.weeklySchedule };
      for (const day of to) if (day !== from) weeklySchedule[day] = source.map((range) => ({ ...range }));
      return { ...draft, weeklySchedule };
    });

  return (
    <div className={css({ display: "flex", flexDirection: "column" })}>
      {DAYS_IN_ORDER.map((day) => (
        <DayHours
          key={day}
          day={day}
          dayName={weekdayName(i18n.locale, Number(day))}
          ranges={schedule[day]}
          problems={problems}
          disabled={saving}
          onChange={(change) =>
            editDraft(form, (draft) => ({
              ...draft,
              weeklySchedule: { ...draft.weeklySchedule, [day]: change(draft.weeklySchedule[day]) },
            }))
          }
          onCopy={(target) => copy(day, target)}
        />
      ))}
    </div>
  );
}
