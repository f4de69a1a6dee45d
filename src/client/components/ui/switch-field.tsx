import type { ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { switchRecipe } from "styled-system/recipes/switch-recipe";

const styles = switchRecipe();
// The native box stays the control (focus, Space, form value); the recipe's track and thumb only draw it.
const box = cx("peer", css({ srOnly: true }));
const track = cx(
  styles.control,
  css({ _peerFocusVisible: { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "2px" } }),
);

type SwitchFieldProps = {
  label: ReactNode;
  checked: boolean;
  name: string;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off choice with its label beside it (a checkbox to assistive technology). A native checkbox, not
 * Ark's Switch: that would bring Ark's state-machine runtime (~31 KB gzip) into the first load of every
 * page with a switch, for nothing a checkbox cannot do.
 */
export function SwitchField({ label, checked, name, onCheckedChange }: SwitchFieldProps) {
  const state = checked ? "checked" : "unchecked";
  return (
    // Ark's anatomy attributes kept, so the parts are found as any other Ark part is.
    <label className={styles.root} data-scope="switch" data-part="root">
      <input
        type="checkbox"
        className={box}
        name={name}
        checked={checked}
        onChange={(event) => onCheckedChange(event.currentTarget.checked)}
      />
      <span className={track} data-scope="switch" data-part="control" data-state={state} aria-hidden="true">
        <span className={styles.thumb} data-scope="switch" data-part="thumb" data-state={state} />
      </span>
      <span className={styles.label} data-scope="switch" data-part="label">
        {label}
      </span>
    </label>
  );
}
