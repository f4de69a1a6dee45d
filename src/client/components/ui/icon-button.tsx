import { css, cx } from "styled-system/css";
import { Button, type ButtonProps } from "./button";

/** A square button showing only an icon, so it must carry its own accessible name. */
export type IconButtonProps = ButtonProps & { "aria-label": string };

export function IconButton({ className, ...props }: IconButtonProps) {
  return <Button className={cx(css({ px: "0" }), className)} {...props} />;
}
