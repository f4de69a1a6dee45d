// `npm start`: build the portal if its build is missing or older than its sources, then serve portal + API.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const BUILD_MARKER = "dist/client/index.html";
const SOURCES = [
  "src/client",
  "src/shared",
  "machines",
  "locales",
  "vite.config.ts",
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

const builtAt = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map(newestChange));
if (changedAt > builtAt) {
  console.log(builtAt ? "Portal sources changed since the last build: rebuilding…" : "Building the portal…");
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// What `npm start` serves is production: API answers go out without the development check of their shape.
process.env.NODE_ENV ??= "production";
await import("../src/server/main");
