import { Check } from "lucide-react";
import { type ReactNode, useId } from "react";
import { css, cx } from "styled-system/css";
import { checkbox } from "styled-system/recipes/checkbox";
import { Text } from "./text";

const styles = checkbox({ size: "sm" });
// The native box stays the control (focus, Space, form value); Park's checkbox recipe only draws it.
const box = cx("peer", css({ srOnly: true }));
const control = cx(
  styles.control,
  css({
    flexShrink: 0,
    _peerFocusVisible: { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "2px" },
  }),
);
// Under the label, past the box and the gap beside it.
const hintStyle = css({ ps: "6", mt: "1" });

type CheckboxFieldProps = {
  label: ReactNode;
  /** A line under the label, read with the box (aria-describedby). */
  hint?: ReactNode;
  checked: boolean;
  name: string;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * A yes/no choice with its label beside it. A native checkbox, as SwitchField is, not Ark's Checkbox: its
 * state-machine runtime would load with the page for nothing a checkbox cannot do.
 */
export function CheckboxField({ label, hint, checked, name, onCheckedChange }: CheckboxFieldProps) {
  const hintId = useId();
  const state = checked ? "checked" : "unchecked";
  return (
    <div>
      {/* Ark's anatomy attributes kept, so the parts are found as any other Ark part is. */}
      <label className={styles.root} data-scope="checkbox" data-part="root">
        <input
          type="checkbox"
          className={box}
          name={name}
          checked={checked}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onCheckedChange(event.currentTarget.checked)}
        />
        <span
          className={control}
          data-scope="checkbox"
          data-part="control"
          data-state={state}
          aria-hidden="true"
        >
          {checked ? <Check /> : null}
        </span>
        <span className={styles.label} data-scope="checkbox" data-part="label">
          {label}
        </span>
      </label>
      {hint ? (
        <Text size="sm" muted id={hintId} className={hintStyle}>
          {hint}
        </Text>
      ) : null}
    </div>
  );
}
