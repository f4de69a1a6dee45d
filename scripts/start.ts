// `npm start`: build portal and server if their build is missing or older than their sources, then run the built
// server, which serves portal + API.
import { spawn, spawnSync } from "node:child_process";
import { constants } from "node:os";
import { BUILT_SERVER, buildState } from "./build-freshness";

const state = buildState();
if (state !== "fresh") {
  console.log(state === "stale" ? "Sources changed since the last build: rebuilding…" : "Building…");
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs as plain Node on the built file, in its own process: this script's TypeScript loader stays
// out of it. What `npm start` serves is production: API answers go out without the development check of their shape.
const server = spawn(process.execPath, [BUILT_SERVER], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
// A server killed by a signal ends the script as a shell reports it: 128 + the signal's number.
server.on("exit", (code, signal) => {
  process.exitCode = code ?? (signal ? 128 + constants.signals[signal] : 0);
});
