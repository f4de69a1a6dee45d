import { css } from "styled-system/css";

/** A destructive action's button: red with white text, step 11 in light (4.9:1), step 8 of the dark scale in dark. */
export const destructive = css({
  bg: { base: "red.light.11", _dark: "red.dark.8" },
  color: "white",
  _hover: { bg: { base: "red.light.12", _dark: "red.dark.7" } },
});
