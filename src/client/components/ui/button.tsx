import { ark, type HTMLArkProps } from "@ark-ui/react/factory";
import { cx } from "styled-system/css";
import { type ButtonVariantProps, button } from "styled-system/recipes";

export type ButtonProps = HTMLArkProps<"button"> & ButtonVariantProps;

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <ark.button type={type} className={cx(button({ variant, size }), className)} {...props} />;
}
