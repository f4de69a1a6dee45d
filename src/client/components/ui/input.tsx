import { ark, type HTMLArkProps } from "@ark-ui/react/factory";
import { cx } from "styled-system/css";
import { type InputVariantProps, input } from "styled-system/recipes";

export type InputProps = Omit<HTMLArkProps<"input">, "size"> & InputVariantProps;

export function Input({ size, className, ...props }: InputProps) {
  return <ark.input className={cx(input({ size }), className)} {...props} />;
}
