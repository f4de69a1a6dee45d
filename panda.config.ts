import { defineConfig } from "@pandacss/dev";
import { createPreset } from "@park-ui/panda-preset";
import amber from "@park-ui/panda-preset/colors/amber";
import green from "@park-ui/panda-preset/colors/green";
import indigo from "@park-ui/panda-preset/colors/indigo";
import slate from "@park-ui/panda-preset/colors/slate";
import { steps } from "./theme/steps.recipe";

// Indigo keeps white-on-accent text above 4.5:1 in both themes (blue does not: toolchain notes).
export default defineConfig({
  preflight: true,
  presets: [createPreset({ accentColor: indigo, grayColor: slate, radius: "md" })],
  include: ["./src/client/**/*.{ts,tsx}"],
  exclude: [],
  jsxFramework: "react",
  // Styles go through css() and recipes, never JSX style props: the styled factory behind createStyleContext
  // then leaves out its CSS-property list (~4 KB gzip on every page with a dialog).
  jsxStyleProps: "none",
  outdir: "styled-system",
  // Someone whose system asks for less motion gets each end state at once: dialogs, the side sheet, menus,
  // toasts, the sidebar's width (WCAG 2.3.3). Durations are cut to next to nothing rather than removed, so Zag
  // still sees each animation end and unmounts what closed.
  globalCss: {
    "@media (prefers-reduced-motion: reduce)": {
      "*, *::before, *::after": {
        animationDuration: "0.01ms !important",
        animationDelay: "0s !important",
        animationIterationCount: "1 !important",
        transitionDuration: "0.01ms !important",
        transitionDelay: "0s !important",
        scrollBehavior: "auto !important",
      },
    },
  },
  // The theme class is set on <html> before first paint by index.html.
  conditions: { extend: { dark: ".dark &, .dark" } },
  theme: {
    extend: {
      tokens: {
        colors: { green: green.tokens, amber: amber.tokens },
        sizes: {
          sidebar: { value: "16rem" },
          sidebarMobile: { value: "18rem" },
          sidebarCollapsed: { value: "3rem" },
          topbar: { value: "4rem" },
        },
      },
      slotRecipes: {
        steps,
        // A dialog lays out its parts itself and fits a phone screen.
        dialog: {
          base: {
            positioner: { p: "4" },
            content: {
              display: "flex",
              flexDirection: "column",
              gap: "4",
              w: "full",
              maxW: "md",
              minW: "0",
              p: "6",
            },
          },
        },
      },
      recipes: {
        // Colour by meaning (tone) apart from shape (variant): the variants draw with the tone's palette,
        // so a badge names its tone instead of carrying a colour table. Tinted tones keep step-12 text on
        // a step-a3 tint, which passes 4.5:1 in both themes (solid red with white text does not, in dark).
        badge: {
          defaultVariants: { tone: "neutral" },
          variants: {
            tone: {
              neutral: { colorPalette: "gray" },
              accent: { colorPalette: "indigo" },
              success: { colorPalette: "green" },
              warning: { colorPalette: "amber" },
              danger: { colorPalette: "red" },
            },
            variant: {
              subtle: {
                background: "colorPalette.a3",
                borderColor: "colorPalette.a8",
                color: "colorPalette.12",
                "& svg": { color: "colorPalette.11" },
              },
              outline: { color: "colorPalette.11", borderColor: "colorPalette.a7" },
            },
          },
        },
      },
      semanticTokens: {
        colors: {
          green: green.semanticTokens,
          amber: amber.semanticTokens,
          // The solid button's hover: dark step 10 gives white text 4.3:1; step 8 stays darker than rest.
          indigo: {
            emphasized: { value: { _light: "{colors.indigo.light.10}", _dark: "{colors.indigo.dark.8}" } },
          },
          // The preset's red.9 gives 3.9:1 on white; step 11 passes AA as text in both themes.
          fg: { error: { value: { _light: "{colors.red.11}", _dark: "{colors.red.11}" } } },
          border: { error: { value: { _light: "{colors.red.11}", _dark: "{colors.red.11}" } } },
        },
      },
    },
  },
  // Variants chosen at run time from props, which the extractor cannot see.
  staticCss: {
    recipes: {
      button: [{ variant: ["*"], size: ["xs", "sm", "md", "lg"] }],
      badge: [{ variant: ["*"], tone: ["*"], size: ["sm", "md"] }],
      text: [{ variant: ["heading"], size: ["xs", "sm", "md", "lg", "xl", "2xl", "3xl"] }],
      drawer: [{ variant: ["left", "right"] }],
      avatar: [{ size: ["xs", "sm", "md"] }],
      menu: [{ size: ["sm", "md"] }],
    },
  },
});
