import type { ComponentProps } from "react";
import { css, cx } from "styled-system/css";
import { type ButtonVariantProps, button } from "styled-system/recipes/button";

export type ButtonProps = ComponentProps<"button"> & ButtonVariantProps;

// Colours switch at once: a fading background (e.g. leaving the disabled look after a failed sign-in)
// is caught by contrast checks half-way.
const instantColours = css({ transitionProperty: "box-shadow, outline-color" });

/** A plain <button> (it sits on the sign-in page, where every kilobyte counts); Ark triggers wrap it with asChild. */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return (
    <button type={type} className={cx(button({ variant, size }), instantColours, className)} {...props} />
  );
}
