import { stepsAnatomy } from "@ark-ui/react/steps";
import { defineSlotRecipe } from "@pandacss/dev";

/** Park UI 0.43 has no steps recipe: numbered indicators joined by separators, in the accent colour. */
export const steps = defineSlotRecipe({
  className: "steps",
  slots: stepsAnatomy.keys(),
  base: {
    root: { display: "flex", flexDirection: "column", gap: "6", width: "full" },
    list: { display: "flex", alignItems: "center", gap: "2" },
    item: { display: "flex", alignItems: "center", gap: "2", flex: "1", _last: { flex: "initial" } },
    trigger: {
      display: "flex",
      alignItems: "center",
      gap: "2",
      borderRadius: "l2",
      color: "fg.muted",
      fontWeight: "medium",
      textStyle: "sm",
      _current: { color: "fg.default" },
      _focusVisible: { outline: "2px solid", outlineColor: "colorPalette.default", outlineOffset: "2px" },
    },
    indicator: {
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      flexShrink: "0",
      width: "8",
      height: "8",
      borderRadius: "full",
      borderWidth: "2px",
      borderColor: "border.default",
      fontWeight: "semibold",
      textStyle: "sm",
      _current: { borderColor: "colorPalette.default" },
      _complete: {
        background: "colorPalette.default",
        borderColor: "colorPalette.default",
        color: "colorPalette.fg",
      },
    },
    separator: {
      flex: "1",
      minWidth: "4",
      height: "2px",
      background: "border.default",
      _complete: { background: "colorPalette.default" },
    },
    content: { display: "flex", flexDirection: "column", gap: "4" },
  },
});
