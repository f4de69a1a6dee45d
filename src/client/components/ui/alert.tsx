import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { alert } from "styled-system/recipes/alert";

const styles = alert();

type AlertProps = { title: ReactNode; children?: ReactNode; className?: string };

/** An inline error, announced when it appears. */
export function Alert({ title, children, className }: AlertProps) {
  return (
    <div
      role="alert"
      className={cx(styles.root, css({ borderColor: "border.error", bg: "red.a2" }), className)}
    >
      <CircleAlert aria-hidden="true" className={cx(styles.icon, css({ color: "fg.error" }))} />
      <div className={styles.content}>
        <p className={cx(styles.title, css({ color: "fg.error" }))}>{title}</p>
        {children ? <div className={styles.description}>{children}</div> : null}
      </div>
    </div>
  );
}
