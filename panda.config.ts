import { defineConfig } from "@pandacss/dev";
import { createPreset } from "@park-ui/panda-preset";
import indigo from "@park-ui/panda-preset/colors/indigo";
import slate from "@park-ui/panda-preset/colors/slate";

// Indigo keeps white-on-accent text above 4.5:1 in both themes (blue does not: toolchain notes).
export default defineConfig({
  preflight: true,
  presets: [createPreset({ accentColor: indigo, grayColor: slate, radius: "md" })],
  include: ["./src/client/**/*.{ts,tsx}"],
  exclude: [],
  jsxFramework: "react",
  outdir: "styled-system",
  // The theme class is set on <html> before first paint by index.html.
  conditions: { extend: { dark: ".dark &, .dark" } },
});
