import { TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { css } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { CopyButton } from "./copy-button";
import { Button } from "./ui/button";
import { Input } from "./ui/input";

const fieldStyles = field();

type ShownOnceNoticeProps = {
  title: ReactNode;
  /** That it will not be shown again, and what to do with it. */
  warning: ReactNode;
  label: ReactNode;
  value: string;
  copyLabel: string;
  doneLabel: ReactNode;
  onDone: () => void;
};

/**
 * A credential in full, this once (a new API key, a platform's secret): copy it now, it cannot be shown again.
 * Focus goes to it, selected, as it is the one thing to do.
 */
export function ShownOnceNotice({
  title,
  warning,
  label,
  value,
  copyLabel,
  doneLabel,
  onDone,
}: ShownOnceNoticeProps) {
  const id = useId();
  const fieldRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    fieldRef.current?.focus();
    fieldRef.current?.select();
  }, []);

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-shown-once=""
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "3",
        p: "4",
        borderRadius: "l2",
        borderWidth: "1px",
        borderColor: "amber.a8",
        bg: "amber.a2",
      })}
    >
      <h3
        id={`${id}-title`}
        className={css({ fontWeight: "semibold", display: "flex", alignItems: "center", gap: "2" })}
      >
        <TriangleAlert aria-hidden="true" className={css({ w: "4", h: "4", color: "amber.11" })} />
        {title}
      </h3>
      <p id={`${id}-warning`} className={css({ fontSize: "sm", color: "fg.default" })}>
        {warning}
      </p>
      <div className={fieldStyles.root}>
        <label htmlFor={`${id}-value`} className={fieldStyles.label}>
          {label}
        </label>
        <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
          <Input
            ref={fieldRef}
            id={`${id}-value`}
            readOnly
            value={value}
            aria-describedby={`${id}-warning`}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className={css({ flex: "1", minW: "14rem", fontFamily: "mono" })}
          />
          <CopyButton value={value} fieldRef={fieldRef} label={copyLabel} />
        </div>
      </div>
      <div>
        <Button variant="outline" size="sm" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </section>
  );
}
