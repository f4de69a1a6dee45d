import type { ComponentProps } from "react";
import { css, cx } from "styled-system/css";
import { skeleton } from "styled-system/recipes/skeleton";

/** A pulsing placeholder block; decorative, so the loading state must be announced elsewhere. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cx(skeleton(), className)} {...props} />;
}

type RowsSkeletonProps = {
  rows: number;
  /** The widths of the row's title and of the line below it. */
  title: string;
  detail: string;
  /** The blocks after them, one per column of the row. */
  columns: string[];
  /** Extra style of each row (as the list's rows have it). */
  rowClassName?: string;
};

/** Placeholder rows shaped like a list's while its first page loads; decorative, as Skeleton. */
export function RowsSkeleton({ rows, title, detail, columns, rowClassName }: RowsSkeletonProps) {
  return (
    <ul aria-hidden="true" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      {Array.from({ length: rows }, (_, row) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
          key={row}
          className={cx(
            css({ display: "flex", alignItems: "center", gap: "4", py: "3", flexWrap: "wrap" }),
            rowClassName,
          )}
        >
          <div
            className={css({ flex: "1", display: "flex", flexDirection: "column", gap: "2", minW: "8rem" })}
          >
            <Skeleton className={cx(css({ h: "4" }), title)} />
            <Skeleton className={cx(css({ h: "3" }), detail)} />
          </div>
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
            <Skeleton key={index} className={column} />
          ))}
        </li>
      ))}
    </ul>
  );
}
