import { Trans } from "@lingui/react/macro";
import { TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";

type OutsideHoursQuestionProps = {
  /** The chosen time and day, as the dialog shows them. */
  time: string;
  day: string;
  /** The confirmed move is on its way: the answer stays where it was pressed, busy. */
  saving: boolean;
  onConfirm: () => void;
  /** The day's free times to choose instead. */
  children?: ReactNode;
};

/**
 * The reschedule dialog's question after a move was refused as outside the opening hours: staff may mean it
 * (an early or late appointment), so they can confirm it, or take another time. Focus moves here when it
 * appears, so a keyboard user hears the question and is next to its answers.
 */
export function OutsideHoursQuestion({ time, day, saving, onConfirm, children }: OutsideHoursQuestionProps) {
  const id = useId();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    ref.current?.focus();
  }, []);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-part="outside-hours"
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "2",
        p: "4",
        borderRadius: "l2",
        borderWidth: "1px",
        borderColor: "amber.a8",
        bg: "amber.a2",
        fontSize: "sm",
        _focusVisible: { outline: "2px solid", outlineColor: "amber.11", outlineOffset: "2px" },
      })}
    >
      <p
        id={`${id}-title`}
        className={css({ fontWeight: "semibold", display: "flex", alignItems: "center", gap: "2" })}
      >
        <TriangleAlert aria-hidden="true" className={css({ w: "4", h: "4", color: "amber.11" })} />
        <Trans>Outside the opening hours</Trans>
      </p>
      <p id={`${id}-text`}>
        <Trans>
          {time} on {day} is outside the opening hours. Reschedule anyway, or choose another time.
        </Trans>
      </p>
      {children}
      <div>
        <Button size="sm" onClick={onConfirm} aria-disabled={saving || undefined}>
          {saving ? <Trans>Rescheduling...</Trans> : <Trans>Reschedule anyway</Trans>}
        </Button>
      </div>
    </section>
  );
}
