import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronsUpDown } from "lucide-react";
import { type ComponentType, type RefObject, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { cx } from "styled-system/css";
import type { TimezoneComboboxProps } from "./timezone-combobox";
import {
  fieldStyles,
  inputStyles,
  comboboxStyles as styles,
  type TimezoneFieldProps,
} from "./timezone-field-look";

const loadCombobox = () => import("./timezone-combobox");

type Loaded = {
  Combobox: ComponentType<TimezoneComboboxProps>;
  focused: boolean;
  selection: readonly [number, number] | null;
};

/**
 * The timezone field. The searchable list (Ark's combobox, ~15 KB gzip) loads when the user reaches for the
 * field (pointer over it, focus, a touch); until then a plain field drawn like it shows the value and keeps
 * whatever is typed, and the combobox takes over that text, the focus and the open list when it arrives.
 */
export function TimezoneField(props: TimezoneFieldProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const requested = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const want = () => {
    if (requested.current) return;
    requested.current = true;
    loadCombobox().then(
      ({ default: Combobox }) => {
        const field = input.current;
        const focused = field !== null && field === document.activeElement;
        const selection = focused ? ([field.selectionStart ?? 0, field.selectionEnd ?? 0] as const) : null;
        // Caret read, swap and focus in this one task: a key the browser handed out between them would land in
        // the stand-in after its caret was read (the combobox then puts the caret back before it) or in no field.
        flushSync(() => setLoaded({ Combobox, focused, selection }));
      },
      // The stand-in keeps working as a plain field; the next reach for it tries again.
      () => {
        requested.current = false;
      },
    );
  };
  if (loaded) {
    const { Combobox, focused, selection } = loaded;
    return <Combobox {...props} handover={{ typed: typed ?? "", focused, selection, open }} />;
  }
  return (
    <TimezoneStandIn
      {...props}
      inputRef={input}
      text={typed ?? props.value}
      onIntent={want}
      onType={setTyped}
      onOpen={() => {
        setOpen(true);
        input.current?.focus();
        want();
      }}
    />
  );
}

type StandInProps = TimezoneFieldProps & {
  inputRef: RefObject<HTMLInputElement | null>;
  text: string;
  onIntent: () => void;
  onType: (text: string) => void;
  onOpen: () => void;
};

function TimezoneStandIn({ inputRef, text, errorText, onIntent, onType, onOpen }: StandInProps) {
  const { t } = useLingui();
  const inputId = useId();
  const errorId = useId();
  return (
    <div className={styles.root} onPointerEnter={onIntent} onTouchStart={onIntent}>
      <label htmlFor={inputId} className={cx(styles.label, fieldStyles.label)}>
        <Trans>Timezone</Trans>
      </label>
      <div className={styles.control}>
        <input
          ref={inputRef}
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
          onFocus={onIntent}
          onChange={(event) => onType(event.target.value)}
        />
        <button type="button" className={styles.trigger} aria-label={t`Show timezones`} onClick={onOpen}>
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
