import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { Text } from "./ui/text";

type WarningNoticeProps = { title: ReactNode; children: ReactNode; className?: string };

/**
 * Something that stopped working and waits for the user (a connection a service refused): said calmly, with
 * what to do about it beside it. Not an alert: it is there when the page loads, not news of something just done.
 */
export function WarningNotice({ title, children, className }: WarningNoticeProps) {
  return (
    <div
      className={cx(
        css({
          display: "flex",
          gap: "3",
          p: "4",
          borderWidth: "1px",
          borderColor: "border.default",
          borderRadius: "l2",
          bg: "bg.subtle",
        }),
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className={css({ flexShrink: "0", color: "fg.muted" })} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "1", minW: "0" })}>
        <Text className={css({ fontWeight: "medium" })}>{title}</Text>
        <Text as="div" muted size="sm">
          {children}
        </Text>
      </div>
    </div>
  );
}
