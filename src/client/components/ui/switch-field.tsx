import { Switch } from "@ark-ui/react/switch";
import type { ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { switchRecipe } from "styled-system/recipes/switch-recipe";

const styles = switchRecipe();
// Park's recipe draws no focus ring; Ark marks the track `data-focus-visible` while its hidden box has the focus.
const control = cx(
  styles.control,
  css({ _focusVisible: { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "2px" } }),
);

type SwitchFieldProps = {
  label: ReactNode;
  checked: boolean;
  name: string;
  onCheckedChange: (checked: boolean) => void;
};

/** An on/off choice with its label beside it: Ark's Switch drawn by Park's recipe (a checkbox to assistive technology). */
export function SwitchField({ label, checked, name, onCheckedChange }: SwitchFieldProps) {
  return (
    <Switch.Root
      className={styles.root}
      name={name}
      checked={checked}
      onCheckedChange={(details) => onCheckedChange(details.checked)}
    >
      <Switch.Control className={control}>
        <Switch.Thumb className={styles.thumb} />
      </Switch.Control>
      <Switch.Label className={styles.label}>{label}</Switch.Label>
      <Switch.HiddenInput />
    </Switch.Root>
  );
}
