import { css } from "styled-system/css";

/** The routed page's box: the same in the shell and in its loading skeleton, so nothing moves when it arrives. */
export const mainArea = css({
  flex: "1",
  w: "full",
  maxW: "7xl",
  mx: "auto",
  p: { base: "4", md: "6", lg: "8" },
});
