import { Switch } from "@ark-ui/react/switch";
import type { ReactNode } from "react";
import { switchRecipe } from "styled-system/recipes/switch-recipe";

const styles = switchRecipe();

type SwitchFieldProps = {
  label: ReactNode;
  checked: boolean;
  name: string;
  onCheckedChange: (checked: boolean) => void;
};

/** An on/off choice with its label beside it (a checkbox to assistive technology). */
export function SwitchField({ label, checked, name, onCheckedChange }: SwitchFieldProps) {
  return (
    <Switch.Root
      className={styles.root}
      checked={checked}
      name={name}
      onCheckedChange={({ checked: next }) => onCheckedChange(next)}
    >
      <Switch.Control className={styles.control}>
        <Switch.Thumb className={styles.thumb} />
      </Switch.Control>
      <Switch.Label className={styles.label}>{label}</Switch.Label>
      <Switch.HiddenInput />
    </Switch.Root>
  );
}
