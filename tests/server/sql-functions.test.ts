import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import { openTestDatabase, type TestDatabase } from "../support/server-database";

// Every SQL function has one home, src/server/db/functions, and the database runs what is written there
// (not an older text from the migration history), applied again at each start without harm.

const FUNCTIONS = fileURLToPath(new URL("../../src/server/db/functions", import.meta.url));

/** Each function the files define: its name, the file, and its body (between the $$). */
const written = readdirSync(FUNCTIONS)
  .filter((name) => name.endsWith(".sql"))
  .flatMap((file) =>
    [
      ...readFileSync(join(FUNCTIONS, file), "utf8").matchAll(
        /CREATE OR REPLACE FUNCTION (\w+)\([\s\S]*?\bAS \$\$([\s\S]*?)\$\$;/g,
      ),
    ].map(([, name, body]) => ({ name: name!, file, body: body! })),
  );

let database: TestDatabase;

/** The functions the database holds (not those of extensions): name and body. */
const held = () =>
  rawRows<{ name: string; body: string }>(
    database.handle.db,
    sql`select p.proname as name, p.prosrc as body
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema()
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname`,
  );

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

it("holds exactly the functions the files define, each defined once, with the files' text", async () => {
  const names = written.map((fn) => fn.name).sort();
  expect(new Set(names).size, "a function defined in two places").toBe(names.length);
  const rows = await held();
  expect(rows.map((row) => row.name)).toEqual(names);
  for (const row of rows) {
    const fn = written.find((candidate) => candidate.name === row.name)!;
    expect(row.body, `${row.name} (${fn.file})`).toBe(fn.body);
  }
});

it("applies them again at the next start without changing anything", async () => {
  const before = await held();
  await database.handle.migrate();
  expect(await held()).toEqual(before);
});
