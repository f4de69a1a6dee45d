import { Trans } from "@lingui/react/macro";
import { css } from "styled-system/css";
import { Button } from "../../components/ui/button";

type SuggestedTimesProps = {
  /** The day's next free starts the server offered (ISO instants). */
  starts: readonly string[];
  /** A start's label on the business's clock, as the time input shows it. */
  label: (start: string) => string;
  onPick: (start: string) => void;
};

/** 'Free times that day:' after a refused time (taken, or outside the opening hours): one click takes one. */
export function SuggestedTimes({ starts, label, onPick }: SuggestedTimesProps) {
  if (starts.length === 0) return null;
  return (
    <div className={css({ mt: "2" })}>
      <p>
        <Trans>Free times that day:</Trans>
      </p>
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "2", mt: "1" })}>
        {starts.map((start) => (
          <Button key={start} variant="outline" size="xs" onClick={() => onPick(start)}>
            {label(start)}
          </Button>
        ))}
      </div>
    </div>
  );
}
