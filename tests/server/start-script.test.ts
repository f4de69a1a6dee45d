import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { BUILT_SERVER, buildState } from "../../scripts/build-freshness";
import { openPglite } from "../../src/server/db/open-database";
import { UNREACHABLE_RECORDING_HOSTS } from "../support/recording-hosts";
import { freePort } from "../support/server-process";

// `npm start` (scripts/start.ts) runs the built server as its child and forwards SIGINT and SIGTERM to it; the
// server stops on the first and ignores a repeated one. Ctrl-C in a terminal reaches both processes, so the server
// gets it twice: once from the terminal, once forwarded.

type Started = {
  script: ChildProcess;
  serverPid: number;
  port: number;
  stdout: () => string;
  stderr: () => string;
  /** Polls until `condition` holds; rejects if the script ends first. */
  until: (condition: () => boolean) => Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The script has ended and its output (the server's included) has been read to the end. */
  closed: Promise<unknown>;
};

const POLL_MS = 20;
const running: { script: ChildProcess; dataDir: string }[] = [];

/** The processes still alive (zombies are dead) in a process group, read from /proc: pid and command line. */
function liveProcessesIn(group: number) {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so read after its last ")".
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
        if (Number(pgrp) !== group || state === "Z") return [];
        return [
          { pid: Number(pid), command: readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ") },
        ];
      } catch {
        return []; // ended while being read
      }
    });
}

/** A data directory already holding the run's migrated database (when there is one): a start then skips migrating. */
async function dataDirectory() {
  const dataDir = mkdtempSync(join(tmpdir(), "calldesk-start-script-"));
  const template = inject("pgliteTemplate");
  if (template) {
    const database = await openPglite({
      dataDir: join(dataDir, "pglite"),
      loadDataDir: new Blob([readFileSync(template)]),
    });
    await database.close();
  }
  return dataDir;
}

/** `npm start` in a process group of its own, as a terminal runs it; resolves once the server answers. */
async function startScript(): Promise<Started> {
  const dataDir = await dataDirectory();
  const port = await freePort();
  // As `npm start` runs it: Node with tsx's loader (not the tsx binary, whose own relay of signals gives up on a
  // child after 30 ms, a timing a loaded machine's Ctrl-C must not depend on).
  const script = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      // Unset as in a terminal (vitest sets it): the script makes it "production".
      NODE_ENV: undefined,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STATIC_DIR: "",
      SEED_DEMO: "false",
      ...UNREACHABLE_RECORDING_HOSTS,
    },
  });
  running.push({ script, dataDir });
  let stdout = "";
  let stderr = "";
  script.stdout!.on("data", (chunk) => {
    stdout += chunk;
  });
  script.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    script.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const closed = new Promise((resolve) => script.once("close", resolve));
  const failIfEnded = () => {
    if (script.exitCode !== null || script.signalCode !== null) {
      throw new Error(`npm start ended (${script.exitCode ?? script.signalCode}):\n${stdout}\n${stderr}`);
    }
  };
  const until = async (condition: () => boolean) => {
    while (!condition()) {
      failIfEnded();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  const healthy = () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
  const deadline = Date.now() + 60_000;
  while (!(await healthy())) {
    failIfEnded();
    if (Date.now() > deadline) throw new Error(`npm start did not answer within 60 s:\n${stdout}\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const server = liveProcessesIn(script.pid!).find((member) => member.command.includes(BUILT_SERVER));
  if (!server) throw new Error(`no ${BUILT_SERVER} process under npm start`);
  return {
    script,
    serverPid: server.pid,
    port,
    stdout: () => stdout,
    stderr: () => stderr,
    until,
    exited,
    closed,
  };
}

/**
 * A request the server has begun (its headers read, Node has answered "100 Continue") and that waits for its
 * body: a shutdown cannot finish before it is answered, which keeps the server mid-shutdown until `finish`.
 */
async function requestInFlight(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk;
  });
  // A server killed mid-shutdown resets the connection: what was received then tells the story.
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.once("close", resolve));
  const body = "{}";
  socket.write(
    [
      "POST /api/auth/sign-in HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      `Origin: http://127.0.0.1:${port}`,
      "Content-Type: application/json",
      `Content-Length: ${body.length}`,
      "Expect: 100-continue",
      "Connection: close",
      "",
      "",
    ].join("\r\n"),
  );
  while (!received.includes("100 Continue")) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  return {
    finish: async () => {
      socket.write(body);
      await closed;
      return received;
    },
  };
}

/** The script and the server both ended cleanly: exit code 0, nothing left running, a shutdown and no error. */
async function expectCleanStop(started: Started, signal: NodeJS.Signals) {
  expect(await started.exited, `output:\n${started.stdout()}${started.stderr()}`).toEqual({
    code: 0,
    signal: null,
  });
  // The script waits for its child: nothing of `npm start` may outlive it.
  expect(liveProcessesIn(started.script.pid!)).toEqual([]);
  await started.closed;
  const stdout = started.stdout();
  expect(stdout).toContain(`CallDesk is listening on http://127.0.0.1:${started.port}\n`);
  // One shutdown, and nothing after it but its end.
  expect(stdout.slice(stdout.indexOf("CallDesk is shutting down"))).toBe(
    `CallDesk is shutting down (${signal})\nCallDesk has stopped\n`,
  );
  expect(started.stderr()).toBe("");
}

// Process groups are read from /proc.
describe.skipIf(process.platform !== "linux")("npm start and signals (Linux only)", () => {
  beforeAll(() => {
    // A stale build would make the script rebuild here.
    const build = buildState();
    if (build !== "fresh") throw new Error(`the server's build is ${build}: run \`npm run build\` first`);
  });

  afterEach(() => {
    for (const { script, dataDir } of running.splice(0)) {
      try {
        // Whatever a failed test left running (a server the script did not stop).
        process.kill(-script.pid!, "SIGKILL");
      } catch {
        // the group has ended
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // Ctrl-C as the terminal delivers it to both processes, in a fixed order: the script's copy first (forwarded),
  // then the terminal's own to the server once it is shutting down (held there by a request in flight). A server
  // that handled only the first signal (process.once) is killed by that second one. Sent to the group at once,
  // both copies could reach the server before its handler runs and count as one.
  it("Ctrl-C: the server stops once, lets the request in flight finish, and both exit with 0", {
    timeout: 90_000,
  }, async () => {
    const started = await startScript();
    const request = await requestInFlight(started.port);

    process.kill(started.script.pid!, "SIGINT");
    await started.until(() => started.stdout().includes("CallDesk is shutting down (SIGINT)"));
    process.kill(started.serverPid, "SIGINT");

    const answer = await request.finish();
    await expectCleanStop(started, "SIGINT");
    expect(answer).toContain("HTTP/1.1 400 Bad Request");
  });

  it("a server killed outright ends the script as a shell says it: 128 + the signal's number", {
    timeout: 90_000,
  }, async () => {
    const started = await startScript();
    process.kill(started.serverPid, "SIGKILL");
    expect(await started.exited).toEqual({ code: 128 + 9, signal: null });
    expect(liveProcessesIn(started.script.pid!)).toEqual([]);
  });

  it("SIGTERM to the script alone reaches the server, and both exit with 0", {
    timeout: 90_000,
  }, async () => {
    const started = await startScript();
    process.kill(started.script.pid!, "SIGTERM");
    await expectCleanStop(started, "SIGTERM");
  });
});
