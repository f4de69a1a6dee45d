import { ark, type HTMLArkProps } from "@ark-ui/react/factory";
import { css, cx } from "styled-system/css";
import { type ButtonVariantProps, button } from "styled-system/recipes";

export type ButtonProps = HTMLArkProps<"button"> & ButtonVariantProps;

// Colours switch at once: a fading background (e.g. leaving the disabled look after a failed sign-in)
// is caught by contrast checks half-way.
const instantColours = css({ transitionProperty: "box-shadow, outline-color" });

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return (
    <ark.button type={type} className={cx(button({ variant, size }), instantColours, className)} {...props} />
  );
}
