import type { ComponentProps } from "react";
import { css, cx } from "styled-system/css";

const style = css({ fontFamily: "mono", fontSize: "0.9em", bg: "bg.subtle", px: "1", borderRadius: "l1" });

/** A name to type as it is (a header, an environment variable) inside running text. */
export function Code({ className, ...props }: ComponentProps<"code">) {
  return <code className={cx(style, className)} {...props} />;
}
