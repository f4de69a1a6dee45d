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
