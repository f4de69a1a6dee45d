import type { ComponentProps } from "react";
import { cx } from "styled-system/css";
import { skeleton } from "styled-system/recipes/skeleton";

/** A pulsing placeholder block; decorative, so the loading state must be announced elsewhere. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cx(skeleton(), className)} {...props} />;
}
