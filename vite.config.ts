import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { lightModules } from "./scripts/light-modules-plugin.ts";
import { modulePreloads } from "./scripts/module-preloads-plugin.ts";
import { placeholderFirst } from "./scripts/placeholder-first-plugin.ts";
import { precompress } from "./scripts/precompress-plugin.ts";

// What a page must not load just because it shares a small module with a page that needs it.
const light = lightModules(/node_modules[\\/](@ark-ui|@zag-js|@floating-ui|arktype|@ark[\\/])/);

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3001"}`;

export default defineConfig(({ command }) => ({
  root: "src/client",
  publicDir: "public",
  resolve: { tsconfigPaths: true },
  plugins: [
    react(),
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui(),
    placeholderFirst(),
    modulePreloads(),
    light.plugin,
    precompress(),
  ],
  define: {
    // Dead-code elimination keeps the Stately inspector out of production bundles.
    __INSPECT__: JSON.stringify(command === "serve" && process.env.VITE_INSPECT === "1"),
  },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The runtime every page needs, in one chunk: left alone, the bundler cuts it into a
        // file per set of lazy importers, and the smaller files compress ~2 KB worse in total.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|xstate|@xstate[\\/]react|wouter|regexparam|mitt|@lingui|ofetch|destr|ufo)[\\/]/,
            },
            // Schema checks (the response checker's fallback, the service and availability forms) share one
            // lazily loaded copy of arktype under a name the production-build test can hold to.
            { name: "arktype", test: /node_modules[\\/](arktype|@ark[\\/](schema|util))[\\/]/ },
            // The rest of what the entry imports statically, in one file: as separate chunks (each also
            // shared with a lazy page) they were nine modulepreloads contending for the first round trips.
            // Not recursive: the dependencies of an initial module are initial already, and the recursive
            // default also pulls in what the entry only reaches through unused imports (the toast machine:
            // +10 KB gzip on every first visit).
            { name: "start", tags: ["$initial"], includeDependenciesRecursively: false },
            // Leaf libraries the lazy parts share piecemeal: left to the default, each icon, date-fns helper and
            // piece of Ark's machinery becomes a file of its own per set of importers (a signed-in page fetched
            // up to 65 files, most under 2 KB gzip, six at a time over HTTP/1.1). Each in one file instead.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: "date-fns", test: /node_modules[\\/]date-fns[\\/](?!locale[\\/](?!_lib))/ },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: "shell",
              test: /src[\\/]client[\\/]app[\\/](protected-area\.tsx|page-data\.ts)$/,
              includeDependenciesRecursively: true,
            },
            {
              name: "page-kit",
              test: (id) => /src[\\/]client[\\/]/.test(id) && light.isLight(id),
              minShareCount: 2,
            },
            {
              name: "ark-core",
              test: /node_modules[\\/](@floating-ui|@zag-js[\\/](core|dom-query|utils|anatomy|types|dismissable|interact-outside|popper|presence|focus-visible|live-region|aria-hidden|focus-trap|remove-scroll|rect-utils)|@ark-ui[\\/]react[\\/]dist[\\/](utils|providers|components[\\/](presence|portal|factory)))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
  test: {
    root: ".",
    // Two files at a time (vitest's default on two cores is one): the e2e files spend most of their time waiting on
    // Chromium and the server, and the unit files on the database, so two workers use both cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "machines", include: ["tests/machines/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "client",
          include: ["tests/client/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/db-template.global.ts"],
          // Some client tests start the real server, as the server suite does.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/db-template.global.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/e2e.global.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
}));
