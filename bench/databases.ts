// The databases the API sections run against: the embedded one (a throwaway data directory per section), and
// PostgreSQL in a throwaway cluster started as .ci/run starts its own (initdb into a temporary directory as
// the postgres user, a free loopback port, pg_ctl start), one database per section, removed on exit.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../src/server/db/open-database";
import { freePort } from "../tests/support/server-process";

/** A fresh, empty database for one section: opened by the bench itself, or pointed at by the server. */
export type SectionDatabase = {
  open(): Promise<DatabaseHandle>;
  /** What the server process is started with to use it. */
  serverEnv: Record<string, string>;
  drop(): Promise<void>;
};

export type BenchDatabase = {
  /** As the section titles name it. */
  label: string;
  /** The issue's list budget on this database (p99 at 10 connections). */
  listP99: string;
  fresh(section: string): Promise<SectionDatabase>;
};

export const embeddedDatabase: BenchDatabase = {
  label: "embedded database",
  listP99: "≤ 30 ms",
  async fresh(section) {
    const dataDir = mkdtempSync(join(tmpdir(), `calldesk-bench-${section}-`));
    return {
      open: () => openDatabase({ dataDir, databaseUrl: null }),
      serverEnv: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

export type PostgresCluster = BenchDatabase & { stop(): void };

const POSTGRES_ROOT = "/usr/lib/postgresql";

/** The newest installed PostgreSQL's bin directory, as .ci/run picks it; null when none is installed. */
function postgresBin(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(join(POSTGRES_ROOT, version, "bin", "pg_ctl")))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length ? join(POSTGRES_ROOT, versions[0]!, "bin") : null;
}

/**
 * Starts the cluster; resolves to why it was not started (a sentence) when PostgreSQL is not installed or
 * will not start. initdb refuses to run as root: as root (as .ci/run runs) the cluster belongs to postgres.
 */
export async function startPostgresCluster(): Promise<PostgresCluster | string> {
  const bin = postgresBin();
  if (!bin) return `no PostgreSQL binaries under ${POSTGRES_ROOT}/*/bin (apt-get install postgresql)`;
  const dir = mkdtempSync(join(tmpdir(), "calldesk-bench-pg-"));
  const port = await freePort();
  const asRoot = userInfo().uid === 0;
  if (asRoot) chownSync(dir, Number(run("id", ["-u", "postgres"]).stdout.trim()), -1);
  const asOwner = (command: string, args: string[]) =>
    asRoot
      ? run("su", ["postgres", "-s", "/bin/sh", "-c", [command, ...args].map(quote).join(" ")])
      : run(command, args);
  const data = join(dir, "data");
  const stop = () => {
    asOwner(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "stop"]);
    rmSync(dir, { recursive: true, force: true });
  };
  const init = asOwner(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres"]);
  const started =
    init.status === 0
      ? asOwner(join(bin, "pg_ctl"), [
          "-D",
          data,
          "-w",
          "-l",
          join(dir, "log"),
          "-o",
          `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
          "start",
        ])
      : init;
  if (started.status !== 0) {
    stop();
    return `PostgreSQL did not start: ${started.stderr.trim() || started.stdout.trim()}`;
  }
  const urlOf = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: urlOf("postgres") });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    label: "PostgreSQL",
    listP99: "≤ 15 ms",
    async fresh(section) {
      const name = `bench_${section}`;
      await admin(`create database ${name}`);
      const databaseUrl = urlOf(name);
      const dataDir = mkdtempSync(join(tmpdir(), `calldesk-bench-${section}-`));
      return {
        open: () => openDatabase({ dataDir, databaseUrl }),
        serverEnv: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
        drop: async () => {
          await admin(`drop database ${name} with (force)`);
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
    stop,
  };
}

const run = (command: string, args: string[]) => spawnSync(command, args, { encoding: "utf8" });
const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
