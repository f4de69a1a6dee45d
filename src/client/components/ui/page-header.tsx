import { type ReactNode, useEffect } from "react";
import { css } from "styled-system/css";
import { Heading } from "./heading";
import { Text } from "./text";

type PageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode };

/** The page's one h1, its subtitle, and the document title to match. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useEffect(() => {
    document.title = `${title} · CallDesk`;
  }, [title]);
  return (
    <div
      className={css({
        display: "flex",
        flexWrap: "wrap",
        alignItems: "flex-end",
        justifyContent: "space-between",
        gap: "4",
        mb: "6",
      })}
    >
      <div className={css({ display: "flex", flexDirection: "column", gap: "1", minW: "0" })}>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {description ? (
          <Text muted size="sm">
            {description}
          </Text>
        ) : null}
      </div>
      {actions}
    </div>
  );
}
