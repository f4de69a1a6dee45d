import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Bookings, their timeline and the outbox are written in one module only
// (src/server/repos/bookings-write.repo.ts): anything else would bypass the booking rule, the version, the
// timeline or the outbox row that must go with each change.

const ROOT = join(import.meta.dirname, "../..");
const WRITER = "src/server/repos/bookings-write.repo.ts";
const SOURCES = ["src", "scripts", "bench"];

const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?(bookings|booking_events|outbox)"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*(bookings|bookingEvents|outbox)\s*\)/,
];

function sourceFiles(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.includes("migrations") ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The places in `text` that write bookings, booking events or outbox rows: line numbers with the line. */
function bookingWrites(text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, i) => (WRITES.some((pattern) => pattern.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe("writers of bookings", () => {
  it("recognises each kind of write it guards against", () => {
    expect(bookingWrites("insert into bookings (id) values (1)")).toHaveLength(1);
    expect(bookingWrites('  update "bookings" set status = 1')).toHaveLength(1);
    expect(bookingWrites("delete from booking_events where 1")).toHaveLength(1);
    expect(bookingWrites("insert into outbox (topic) values ('x')")).toHaveLength(1);
    expect(bookingWrites("await tx.insert(bookingEvents).values({})")).toHaveLength(1);
    expect(bookingWrites("await db.update(bookings).set({})")).toHaveLength(1);
    expect(bookingWrites("db.delete(outbox)")).toHaveLength(1);
    expect(bookingWrites("select * from bookings where id = $1 for update")).toHaveLength(0);
    expect(bookingWrites("db.select().from(bookings)")).toHaveLength(0);
  });

  it("are only the one module", () => {
    const offenders = SOURCES.flatMap(sourceFiles)
      .filter((path) => path !== WRITER)
      .flatMap((path) =>
        bookingWrites(readFileSync(join(ROOT, path), "utf8")).map((line) => `${path}:${line}`),
      );
    expect(offenders).toEqual([]);
    expect(bookingWrites(readFileSync(join(ROOT, WRITER), "utf8")).length).toBeGreaterThan(0);
  });
});
