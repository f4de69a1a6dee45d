import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Services are written in one module only (src/server/repos/services.repo.ts): on the embedded database the
// catalogue is kept in memory between writes, and each write there reports its change. A write anywhere
// else would leave the portal and the assistant reading a stale catalogue.

const ROOT = join(import.meta.dirname, "../..");
const WRITER = "src/server/repos/services.repo.ts";
const SOURCES = ["src", "scripts", "bench"];

const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?services"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*services\s*\)/,
];

function sourceFiles(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.includes("migrations") ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The places in `text` that write services: line numbers with the line. */
function serviceWrites(text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, i) => (WRITES.some((pattern) => pattern.test(line)) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe("writers of services", () => {
  it("recognises each kind of write it guards against", () => {
    expect(serviceWrites("insert into services (id) values (1)")).toHaveLength(1);
    expect(serviceWrites('  update "services" set name = 1')).toHaveLength(1);
    expect(serviceWrites("delete from services where 1")).toHaveLength(1);
    expect(serviceWrites("await db.update(services).set({})")).toHaveLength(1);
    expect(serviceWrites("db.delete(services)")).toHaveLength(1);
    expect(serviceWrites("select * from services where id = $1")).toHaveLength(0);
    expect(serviceWrites("db.select().from(services)")).toHaveLength(0);
    expect(serviceWrites("update bookings set service_name = s.name from services s")).toHaveLength(0);
  });

  it("are only the one module", () => {
    const offenders = SOURCES.flatMap(sourceFiles)
      .filter((path) => path !== WRITER)
      .flatMap((path) =>
        serviceWrites(readFileSync(join(ROOT, path), "utf8")).map((line) => `${path}:${line}`),
      );
    expect(offenders).toEqual([]);
    expect(serviceWrites(readFileSync(join(ROOT, WRITER), "utf8")).length).toBeGreaterThan(0);
  });
});
