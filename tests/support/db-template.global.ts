import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "../../src/server/db/open-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tar) to start each test file's database from; null with TEST_DATABASE_URL. */
    pgliteTemplate: string | null;
  }
}

/**
 * Migrates one database once for the whole run: a PGlite from this dump starts in ~0.3 s instead of 3–4 s.
 * With TEST_DATABASE_URL each file creates (and drops) its own PostgreSQL database instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgliteTemplate", null);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "calldesk-template-"));
  const database = await openPglite();
  await database.migrate();
  const dump = await database.client.dumpDataDir("none");
  await database.close();
  const file = join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
