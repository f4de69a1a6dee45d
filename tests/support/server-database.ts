import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openPglite, postgresDatabase } from "../../src/server/db/open-database";

export type TestDatabase = {
  handle: DatabaseHandle;
  driver: "pglite" | "postgres";
  /** The PostgreSQL database's URL, for more pools on it (other server instances); null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
};

async function admin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** An empty PostgreSQL database of its own on the TEST_DATABASE_URL server; `drop` removes it. */
export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `calldesk_t_${randomBytes(6).toString("hex")}`;
  await admin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      admin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(),
  };
}

/** A migrated, empty database of its own: PGlite from the run's template, or a fresh PostgreSQL database. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = inject("pgliteTemplate");
    if (!template) throw new Error("db-template.global.ts provided no PGlite template");
    const handle = await openPglite({ loadDataDir: new Blob([readFileSync(template)]) });
    return { handle, driver: "pglite", url: null, drop: () => handle.close() };
  }
  const database = await createPostgresDatabase(adminUrl);
  const handle = postgresDatabase(new pg.Pool({ connectionString: database.url, max: 5 }));
  await handle.migrate();
  return {
    handle,
    driver: "postgres",
    url: database.url,
    drop: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
