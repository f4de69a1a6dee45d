import type { ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { table } from "styled-system/recipes/table";

export type TableColumn<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** On a card, where no header row shows, the header is written before the value. */
  labelled?: boolean;
  /** On a card, the cell takes a line of its own. */
  fullLine?: boolean;
  /** The row's actions: at the card's end, aligned to the end in the table, above a row-wide link. */
  actions?: boolean;
  /** Classes of the header cell and of every cell of the column (e.g. numbers aligned to the end). */
  className?: string;
  /** Classes of the column's body cells only. */
  cellClassName?: string;
};

type RowAttributes = { className?: string } & { [data: `data-${string}`]: string | number | undefined };

type ResponsiveTableProps<T> = {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowAttributes?: (row: T) => RowAttributes;
  /** The table's own classes (e.g. a minimum width). */
  className?: string;
};

const styles = table({ variant: "plain", size: "md" });

// Below `md` a row is a small card (its first line, then the facts, then the actions), so nothing hides past
// the edge of a phone; from `md` up it is a table, scrolling sideways inside its card if it must.
const cards = {
  wrapper: css({ mx: "-3", overflowX: { md: "auto" } }),
  table: css({ display: { mdDown: "block" } }),
  head: css({ display: { mdDown: "none" } }),
  body: css({ display: { mdDown: "block" } }),
  row: css({
    display: { mdDown: "flex" },
    flexWrap: "wrap",
    alignItems: "center",
    columnGap: "4",
    rowGap: "1",
    h: { mdDown: "auto" },
    p: { mdDown: "3" },
    borderBottomWidth: { mdDown: "1px" },
    borderColor: "border.subtle",
  }),
  cell: css({
    display: { mdDown: "block" },
    h: { mdDown: "auto" },
    p: { mdDown: "0" },
    borderBottomWidth: { mdDown: "0" },
  }),
  fullLine: css({ flexBasis: { mdDown: "100%" } }),
  label: css({ display: { base: "inline", md: "none" }, color: "fg.muted", fontSize: "sm", mr: "1" }),
  actionsHeader: css({ textAlign: "end" }),
  actions: css({ ml: { mdDown: "auto" }, textAlign: "end", position: "relative", zIndex: "1" }),
};

/** A list as spec 2's table on a wide screen and as one card a row on a phone, its cells each defined once. */
export function ResponsiveTable<T>({
  columns,
  rows,
  rowKey,
  rowAttributes,
  className,
}: ResponsiveTableProps<T>) {
  return (
    <div className={cards.wrapper}>
      <table className={cx(styles.root, cards.table, className)}>
        <thead className={cx(styles.head, cards.head)}>
          <tr className={styles.row}>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cx(styles.header, column.className, column.actions && cards.actionsHeader)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cx(styles.body, cards.body)}>
          {rows.map((row) => {
            const { className: rowClassName, ...data } = rowAttributes?.(row) ?? {};
            return (
              <tr key={rowKey(row)} className={cx(styles.row, cards.row, rowClassName)} {...data}>
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={cx(
                      styles.cell,
                      cards.cell,
                      column.fullLine && cards.fullLine,
                      column.actions && cards.actions,
                      column.className,
                      column.cellClassName,
                    )}
                  >
                    {column.labelled ? <span className={cards.label}>{column.header}</span> : null}
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
