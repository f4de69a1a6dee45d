import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { precompress } from "./scripts/precompress-plugin.ts";

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3001"}`;

export default defineConfig(({ command }) => ({
  root: "src/client",
  publicDir: "public",
  resolve: { tsconfigPaths: true },
  plugins: [react(), babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }), lingui(), precompress()],
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
        // One rule: what the entry imports statically, framework included, is one file (left alone, the bundler
        // cuts it into a file per set of lazy parts sharing a module: 31 files on the sign-in page, 8 KB more).
        // Not recursive: the dependencies of an initial module are initial already, and the recursive default
        // also takes what the entry only reaches through imports it does not use. Lazy parts keep the default split.
        codeSplitting: {
          groups: [{ name: "start", tags: ["$initial"], includeDependenciesRecursively: false }],
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
    // Test files share a worker's module cache instead of each importing the server, the app and the machines
    // afresh (the imports were most of the unit projects' time). The price: a file may not leave a module's
    // state changed for the next — the files start their own servers, databases and clocks, and restore timers.
    isolate: false,
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
          // A poll waits for the browser (a drawer closing, focus coming back); vitest's 1 s default ran out on a
          // loaded machine while the page was still on its way. A passing poll ends at once, so this costs nothing.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
}));
