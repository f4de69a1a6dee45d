import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { weekdayName } from "../../lib/calendar-week";

const fieldStyles = field();
/** Spec 9's day values (0 = Sunday), shown Monday first like the rest of the portal. */
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

type WorkingDaysFieldProps = {
  days: readonly number[];
  errorText?: string | undefined;
  onToggle: (day: number) => void;
};

/** Spec 2: a checkbox per day of the week. */
export function WorkingDaysField({ days, errorText, onToggle }: WorkingDaysFieldProps) {
  const { i18n } = useLingui();
  const errorId = useId();
  return (
    <fieldset>
      <legend className={cx(fieldStyles.label, css({ mb: "2" }))}>
        <Trans>Working days</Trans>
      </legend>
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
        {MONDAY_FIRST.map((day) => (
          <label
            key={day}
            className={css({
              display: "inline-flex",
              alignItems: "center",
              gap: "2",
              px: "3",
              minH: "10",
              borderWidth: "1px",
              borderColor: "border",
              borderRadius: "l2",
              cursor: "pointer",
              _hover: { bg: "gray.a2" },
            })}
          >
            <input
              type="checkbox"
              name="workingDays"
              value={day}
              checked={days.includes(day)}
              aria-invalid={errorText ? true : undefined}
              aria-describedby={errorText ? errorId : undefined}
              onChange={() => onToggle(day)}
              className={css({ w: "4", h: "4", accentColor: "colorPalette.default", colorPalette: "indigo" })}
            />
            {weekdayName(i18n.locale, day)}
          </label>
        ))}
      </div>
      {errorText ? (
        <span id={errorId} className={fieldStyles.errorText}>
          {errorText}
        </span>
      ) : null}
    </fieldset>
  );
}
