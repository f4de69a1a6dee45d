import type { ComponentProps } from "react";
import { cx } from "styled-system/css";
import { type TextVariantProps, text } from "styled-system/recipes/text";

type HeadingProps = ComponentProps<"h1"> & {
  as?: "h1" | "h2" | "h3" | "h4";
  size?: TextVariantProps["size"];
};

export function Heading({ as: Tag = "h2", size = "xl", className, ...props }: HeadingProps) {
  return <Tag className={cx(text({ variant: "heading", size }), className)} {...props} />;
}
