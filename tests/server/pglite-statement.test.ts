import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PgliteHandle } from "../../src/server/db/open-database";
import { pgliteRows } from "../../src/server/db/pglite-statement";
import { openTestDatabase, type TestDatabase } from "../support/server-database";

// The one-trip statement path of rawRows on PGlite, against PGlite's own query() on the same statements.

let database: TestDatabase;
let client: PGlite;

beforeAll(async () => {
  database = await openTestDatabase();
  client = (database.handle as PgliteHandle).client;
  await client.query("create table one_trip (id int primary key, label text, flag boolean, at timestamptz)");
});
afterAll(() => database.drop());

const both = async (text: string, params: unknown[]) => ({
  fast: await pgliteRows(client, text, params),
  query: (await client.query(text, params)).rows,
});

describe.skipIf(process.env.TEST_DATABASE_URL)("one-trip statements on PGlite", () => {
  it("answers what query() answers, first time and prepared, for every kind of parameter", async () => {
    const text = `select $1::text as t, $2::int as n, $3::boolean as b, $4::timestamptz as at, $5::jsonb as j,
      $6::numeric as x, $7::int8 as big, now() - now() as zero`;
    const params = ["a'b", 42, true, "2026-03-29T01:30:00Z", '{"k":[1,2]}', 1.5, null];
    for (let round = 0; round < 3; round++) {
      const { fast, query } = await both(text, params);
      expect(fast).toEqual(query);
    }
    // A Date or an object goes through query(), which serializes by the parameter's type.
    const odd = await both("select $1::timestamptz as at, $2::jsonb as j", [new Date(0), { a: 1 }]);
    expect(odd.fast).toEqual(odd.query);
  });

  it("writes, and raises PostgreSQL's error with its code, keeping the statement usable", async () => {
    const insert = "insert into one_trip (id, label, flag) values ($1, $2, $3) returning id, label, flag";
    expect(await pgliteRows(client, insert, [1, "first", false])).toEqual([
      { id: 1, label: "first", flag: false },
    ]);
    const duplicate = pgliteRows(client, insert, [1, "again", true]);
    await expect(duplicate).rejects.toMatchObject({ code: "23505", constraint: "one_trip_pkey" });
    expect(await pgliteRows(client, insert, [2, "second", true])).toEqual([
      { id: 2, label: "second", flag: true },
    ]);
    // A statement that fails to parse is not kept as prepared; the next valid one works.
    await expect(pgliteRows(client, "select from nowhere_at_all", [])).rejects.toMatchObject({
      code: "42P01",
    });
    await expect(pgliteRows(client, "select count(*)::int as n from one_trip", [])).resolves.toEqual([
      { n: 2 },
    ]);
  });

  it("waits for a transaction in progress and never runs inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into one_trip (id, label) values (3, 'uncommitted')");
      await held;
      await tx.rollback();
    });
    const read = pgliteRows(client, "select count(*)::int as n from one_trip where id = $1", [3]);
    release();
    await transaction;
    expect(await read).toEqual([{ n: 0 }]);
    expect(client.isInTransaction()).toBe(false);
  });

  it("runs statements that cannot be prepared twice alike (vacuum, discard plans)", async () => {
    for (let round = 0; round < 2; round++) {
      await expect(pgliteRows(client, "vacuum one_trip", [])).resolves.toEqual([]);
      await expect(pgliteRows(client, "discard plans", [])).resolves.toEqual([]);
    }
    expect(await pgliteRows(client, "select label from one_trip where id = $1", [2])).toEqual([
      { label: "second" },
    ]);
  });
});
