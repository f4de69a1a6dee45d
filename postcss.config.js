import { unusedCustomProperties } from "./scripts/unused-custom-properties.js";

export default {
  plugins: [
    (await import("@pandacss/dev/postcss")).default(),
    unusedCustomProperties({ sourceDir: "src/client" }),
  ],
};
