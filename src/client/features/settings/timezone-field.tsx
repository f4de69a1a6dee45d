import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronsUpDown } from "lucide-react";
import { useId, useRef, useState } from "react";
import { cx } from "styled-system/css";
import { loadOnce } from "../../lib/load-once";
import { type IntentHandlers, useLoadOnIntent } from "../../lib/use-load-on-intent";
import {
  fieldStyles,
  inputStyles,
  comboboxStyles as styles,
  type TimezoneFieldProps,
} from "./timezone-field-look";

// The searchable list (Ark's combobox, ~15 KB gzip) is fetched when the user reaches for the field.
const combobox = loadOnce(() => import("./timezone-combobox").then((m) => m.default));

/**
 * The timezone field. Until the combobox's code is in, a plain field drawn like it shows the value and keeps
 * whatever is typed; the combobox takes over that text, the focus, the caret and a press of the list button
 * (lib/use-load-on-intent).
 */
export function TimezoneField(props: TimezoneFieldProps) {
  const { loaded: Combobox, handover, handlers } = useLoadOnIntent(combobox);
  const [typed, setTyped] = useState<string>();
  if (Combobox && handover) return <Combobox {...props} handover={{ ...handover, typed: typed ?? "" }} />;
  return <TimezoneStandIn {...props} handlers={handlers} text={typed ?? props.value} onType={setTyped} />;
}

type StandInProps = TimezoneFieldProps & {
  handlers: IntentHandlers;
  text: string;
  onType: (text: string) => void;
};

function TimezoneStandIn({ handlers, text, errorText, onType }: StandInProps) {
  const { t } = useLingui();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.root} onPointerEnter={handlers.onPointerEnter}>
      <label htmlFor={inputId} className={cx(styles.label, fieldStyles.label)}>
        <Trans>Timezone</Trans>
      </label>
      <div className={styles.control}>
        <input
          ref={input}
          id={inputId}
          name="timezone"
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          autoComplete="off"
          className={inputStyles}
          value={text}
          aria-invalid={errorText !== undefined || undefined}
          aria-describedby={errorText ? errorId : undefined}
          onFocus={handlers.onFocus}
          onChange={(event) => onType(event.target.value)}
          data-handover="input"
        />
        <button
          type="button"
          className={styles.trigger}
          aria-label={t`Show timezones`}
          {...handlers}
          onPointerEnter={undefined}
          // Out of the tab order like the combobox's own button: the input is the field's one tab stop.
          tabIndex={-1}
          onClick={(event) => {
            // As the combobox's own button does: the list opens with the typing in the field.
            input.current?.focus();
            handlers.onClick(event);
          }}
        >
          <ChevronsUpDown aria-hidden="true" />
        </button>
      </div>
      {errorText ? (
        <span id={errorId} className={fieldStyles.errorText}>
          {errorText}
        </span>
      ) : null}
    </div>
  );
}
