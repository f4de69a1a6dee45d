import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { Text } from "./text";

const box = css({
  textAlign: "center",
  py: "10",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: "2",
});
const iconClass = css({ w: "8", h: "8", color: "fg.muted" });

/** A list with nothing to show: an icon, what is missing, and optionally why or what comes next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={box}>
      <Icon aria-hidden="true" className={iconClass} />
      <Text className={css({ fontWeight: "semibold" })}>{title}</Text>
      {children ? (
        <Text muted size="sm" className={css({ maxW: "md" })}>
          {children}
        </Text>
      ) : null}
    </div>
  );
}
