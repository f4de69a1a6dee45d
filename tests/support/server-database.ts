import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, pgliteDatabase, postgresDatabase } from "../../src/server/db/open-database";

export type TestDatabase = { handle: DatabaseHandle; driver: "pglite" | "postgres"; drop(): Promise<void> };

/** A migrated, empty database of its own: PGlite from the run's template, or a fresh PostgreSQL database. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = inject("pgliteTemplate");
    if (!template) throw new Error("db-template.global.ts provided no PGlite template");
    const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) });
    const handle = pgliteDatabase(client);
    return { handle, driver: "pglite", drop: () => handle.close() };
  }

  const name = `calldesk_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = postgresDatabase(new pg.Pool({ connectionString: url.toString(), max: 5 }));
  await handle.migrate();
  return {
    handle,
    driver: "postgres",
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
