import { css } from "styled-system/css";

/** A list row that is one big link: `rowLinkRow` on the row, `rowLink` on its link. */
export const rowLinkRow = css({ position: "relative", borderRadius: "l2", _hover: { bg: "bg.subtle" } });

// The link's box covers the whole row, so a click anywhere opens it, while keyboard use and
// "open in a new tab" work as on any link.
export const rowLink = css({
  fontWeight: "semibold",
  color: "fg.default",
  textDecoration: "none",
  // A name longer than the row (one long word in a narrow screen) breaks instead of running out of it.
  overflowWrap: "anywhere",
  outline: "none",
  _after: { content: '""', position: "absolute", inset: "0", borderRadius: "l2" },
  "&:focus-visible::after": { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "-2px" },
});

/** Such a row laid out as a grid, spaced alike (its columns, and how they line up, are its own). */
export const rowLinkGrid = css({ display: "grid", columnGap: "3", rowGap: "2", py: "3", px: "3" });

/** The row's main column: its link, then the lines under it. */
export const rowLinkText = css({
  flex: "1",
  minW: "0",
  display: "flex",
  flexDirection: "column",
  gap: "0.5",
});

/** The row's last column: what it ends with (badges, facts), wrapping, at the row's end from md up. */
export const rowLinkEnd = css({
  display: "flex",
  alignItems: "center",
  gap: "2",
  flexWrap: "wrap",
  justifyContent: { base: "flex-start", md: "flex-end" },
});
