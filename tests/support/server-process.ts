import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUILT_SERVER, buildState } from "../../scripts/build-freshness";
import { UNREACHABLE_RECORDING_HOSTS } from "./recording-hosts";

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export type ServerProcess = {
  baseURL: string;
  /** The server's process id (benchmarks read its memory from /proc). */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * The real server as `npm start` runs it (its own process, the production build, a throwaway
 * embedded database), on a free loopback port (or env.PORT); resolves once /api/health answers.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), "calldesk-server-"));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let log = "";
  const build = buildState();
  if (build !== "fresh") throw new Error(`the server's build is ${build}: run \`npm run build\` first`);
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STATIC_DIR: "dist/client",
      NODE_ENV: "production",
      // The browser suite and the benchmarks sign up an account per test or client, all from 127.0.0.1.
      SIGN_UP_LIMIT: "1000000",
      ...UNREACHABLE_RECORDING_HOSTS,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited (${child.exitCode}):\n${log}`);
    }
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseURL, pid: child.pid!, output: () => log, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`server did not become healthy within 60 s:\n${log}`);
}
