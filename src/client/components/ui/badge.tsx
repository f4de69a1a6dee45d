import type { ComponentProps } from "react";
import { cx } from "styled-system/css";
import { type BadgeVariantProps, badge } from "styled-system/recipes/badge";

export type BadgeProps = ComponentProps<"span"> & BadgeVariantProps;

/** `variant` is the shape (solid, subtle tint, outline), `tone` the meaning its colour carries. */
export function Badge({ variant, tone, size, className, ...props }: BadgeProps) {
  return <span className={cx(badge({ variant, tone, size }), className)} {...props} />;
}
