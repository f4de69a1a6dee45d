import type { ReactNode } from "react";
import { css } from "styled-system/css";

const bar = css({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: "3" });

/** A list's filters in a row that wraps; a form named for screen readers that applies each change at once. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <form aria-label={label} onSubmit={(event) => event.preventDefault()} className={bar}>
      {children}
    </form>
  );
}
