import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Config } from "../config";
import { type Database, schema } from "./database";
import { rawRows } from "./raw-rows";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  /** Applies pending migrations from the single history in ./migrations. */
  migrate(): Promise<void>;
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

export function pgliteDatabase(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
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
    migrate: () => migratePostgres(db, { migrationsFolder }),
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
  return pgliteDatabase(await PGlite.create(dir));
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
