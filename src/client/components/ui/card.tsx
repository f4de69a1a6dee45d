import type { ComponentProps } from "react";
import { cx } from "styled-system/css";
import { card } from "styled-system/recipes/card";

const styles = card();

export function Card({ className, ...props }: ComponentProps<"section">) {
  return <section className={cx(styles.root, className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx(styles.header, className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<"h2">) {
  return <h2 className={cx(styles.title, className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cx(styles.description, className)} {...props} />;
}

export function CardBody({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx(styles.body, className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cx(styles.footer, className)} {...props} />;
}
