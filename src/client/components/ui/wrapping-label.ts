import { css } from "styled-system/css";

/** A button whose long label (German, Dutch) wraps onto more lines rather than push its box sideways at 360 px. */
export const wrappingLabel = css({
  whiteSpace: "normal",
  h: "auto",
  minH: "10",
  py: "2",
  textAlign: "start",
  flexShrink: 1,
  maxW: "full",
});
