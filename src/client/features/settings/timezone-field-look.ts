import { css, cx } from "styled-system/css";
import { combobox } from "styled-system/recipes/combobox";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";

/** Shared by the timezone combobox and the plain field standing in for it until its code has arrived. */
export const comboboxStyles = combobox({ size: "md" });
export const fieldStyles = field();
// The preset draws no box around the combobox input: it is the text input's, with room for the trigger.
export const inputStyles = cx(input({ size: "md" }), comboboxStyles.input, css({ pe: "10" }));

export type TimezoneFieldProps = {
  value: string;
  /** Spec 9's eleven first, then every other zone. */
  zones: readonly string[];
  errorText?: string | undefined;
  onChange: (zone: string) => void;
};
