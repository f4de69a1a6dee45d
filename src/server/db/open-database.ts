import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Config } from "../config";
import { type Database, schema } from "./database";
import { rawRows } from "./raw-rows";
import { sqlFunctionsScript } from "./sql-functions";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  /**
   * Applies pending migrations from the single history in ./migrations (schema), then every SQL function
   * from ./functions (see sql-functions.ts).
   */
  migrate(): Promise<void>;
  /**
   * Runs the start's writes to the schema and shared rows (migrate, the demo's seeding) while no other
   * instance on the database runs its own: on PostgreSQL a later instance waits, then finds them done.
   */
  exclusiveStart<T>(steps: () => Promise<T>): Promise<T>;
  /** Idempotent. */
  close(): Promise<void>;
};

const once = (close: () => Promise<void>) => {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
};

/**
 * Extensions the schema relies on, created before the migrations run: btree_gist lets an exclusion
 * constraint mix `=` on plain columns (a business, a resource) with `&&` on time ranges — the
 * no-double-booking rule. It is here rather than in a migration because PGlite must also have loaded the
 * extension's code at start (see openPglite), so it belongs with opening the database, and because it is
 * idempotent. On PostgreSQL it is in contrib (Debian's postgresql package ships it) and "trusted": the
 * database's owner may create it, no superuser needed.
 */
async function createExtensions(db: Database): Promise<void> {
  await rawRows(db, sql`create extension if not exists btree_gist`);
}

/**
 * The start lock's key among advisory locks (7301 serializes one business's call writers). Advisory locks
 * belong to one database, so instances of other databases on the same server never wait for each other.
 */
const START_LOCK = 7302;

export type PgliteHandle = DatabaseHandle & { driver: "pglite"; client: PGlite };

/**
 * The one place a PGlite is made, so every one (the app's, the tests', the benchmarks') loads the
 * extensions the schema needs: a data directory on disk, a dumped one (`loadDataDir`), or in memory.
 */
export async function openPglite(
  source: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<PgliteHandle> {
  const client = await PGlite.create({
    ...(source.dataDir !== undefined && { dataDir: source.dataDir }),
    ...(source.loadDataDir && { loadDataDir: source.loadDataDir }),
    extensions: { btree_gist },
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    client,
    driver: "pglite",
    migrate: async () => {
      await createExtensions(db);
      await migratePglite(db, { migrationsFolder });
      await client.exec(sqlFunctionsScript());
    },
    // One process owns a PGlite data directory: nobody else can be starting on it.
    exclusiveStart: (steps) => steps(),
    close: once(() => client.close()),
  };
}

export function postgresDatabase(pool: pg.Pool): DatabaseHandle {
  // An idle connection can be cut (restart, failover, a dropped database); pg replaces it, but an
  // unlistened "error" event would crash the whole process.
  pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    driver: "postgres",
    migrate: async () => {
      await createExtensions(db);
      await migratePostgres(db, { migrationsFolder });
      await pool.query(sqlFunctionsScript());
    },
    // A session-level lock held on a connection of its own while the steps run on the pool's others:
    // instances started together on an empty database would otherwise race to create the same tables
    // (`CREATE TABLE` fails on the loser) and functions, and seed the demo twice. The connection is
    // discarded afterwards, which ends its session and so frees the lock even if the steps failed; were
    // the process to die meanwhile, PostgreSQL frees it too.
    exclusiveStart: async (steps) => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1, 0)", [START_LOCK]);
        return await steps();
      } finally {
        client.release(true);
      }
    },
    close: once(() => pool.end()),
  };
}

/** DATABASE_URL → PostgreSQL; otherwise embedded PGlite kept under DATA_DIR/pglite. */
export async function openDatabase(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    return postgresDatabase(pool);
  }
  const dir = join(config.dataDir, "pglite");
  await mkdir(dir, { recursive: true });
  return openPglite({ dataDir: dir });
}

/** True when the database answers a trivial query. */
export async function isDatabaseUp(db: Database): Promise<boolean> {
  try {
    await rawRows(db, sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
