import type { ComponentProps } from "react";
import { css, cx } from "styled-system/css";
import { type TextVariantProps, text } from "styled-system/recipes/text";

type TextProps = ComponentProps<"p"> & {
  as?: "p" | "span" | "div";
  size?: TextVariantProps["size"];
  /** Secondary text: fg.muted keeps 4.5:1 in both themes (fg.subtle does not). */
  muted?: boolean;
};

export function Text({ as: Tag = "p", size = "md", muted, className, ...props }: TextProps) {
  return <Tag className={cx(text({ size }), muted && css({ color: "fg.muted" }), className)} {...props} />;
}
