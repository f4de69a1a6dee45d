import type { ComponentProps } from "react";
import { cx } from "styled-system/css";
import { type InputVariantProps, input } from "styled-system/recipes/input";

export type InputProps = Omit<ComponentProps<"input">, "size"> & InputVariantProps;

export function Input({ size, className, ...props }: InputProps) {
  return <input className={cx(input({ size }), className)} {...props} />;
}
