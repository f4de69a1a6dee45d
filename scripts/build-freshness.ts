// Whether `npm run build` is missing or older than what it is built from: `npm start` rebuilds then, and the
// test and benchmark harnesses, which run the built server and portal, refuse to run an old build.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const BUILT_PORTAL = "dist/client/index.html";
export const BUILT_SERVER = "dist/server/main.js";

const SOURCES = [
  "src",
  "machines",
  "locales",
  "vite.config.ts",
  "vite.server.config.ts",
  "panda.config.ts",
  "postcss.config.js",
  "lingui.config.ts",
  "package-lock.json",
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stat.mtimeMs,
  );
}

/** "missing", "stale" or "fresh": the older of the two builds against the newest source. */
export function buildState(): "missing" | "stale" | "fresh" {
  if (!existsSync(BUILT_PORTAL) || !existsSync(BUILT_SERVER)) return "missing";
  const builtAt = Math.min(statSync(BUILT_PORTAL).mtimeMs, statSync(BUILT_SERVER).mtimeMs);
  return Math.max(...SOURCES.map(newestChange)) > builtAt ? "stale" : "fresh";
}
