import { Checkbox } from "@ark-ui/react/checkbox";
import { Check } from "lucide-react";
import { type ReactNode, useId } from "react";
import { css } from "styled-system/css";
import { checkbox } from "styled-system/recipes/checkbox";
import { Text } from "./text";

const styles = checkbox({ size: "sm" });
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

/** A yes/no choice with its label beside it: Ark's Checkbox drawn by Park's recipe, a hint under it. */
export function CheckboxField({ label, hint, checked, name, onCheckedChange }: CheckboxFieldProps) {
  const hintId = useId();
  return (
    <div>
      <Checkbox.Root
        className={styles.root}
        name={name}
        checked={checked}
        onCheckedChange={(details) => onCheckedChange(details.checked === true)}
      >
        <Checkbox.Control className={styles.control}>
          <Checkbox.Indicator className={styles.indicator}>
            <Check />
          </Checkbox.Indicator>
        </Checkbox.Control>
        <Checkbox.Label className={styles.label}>{label}</Checkbox.Label>
        <Checkbox.HiddenInput aria-describedby={hint ? hintId : undefined} />
      </Checkbox.Root>
      {hint ? (
        <Text size="sm" muted id={hintId} className={hintStyle}>
          {hint}
        </Text>
      ) : null}
    </div>
  );
}
