import { describe, expect, it } from "vitest";
import { writesIn, writesOutside } from "../support/single-writer";

// Services are written in one module only (src/server/repos/services.repo.ts): on the embedded database the
// catalogue is kept in memory between writes, and each write there reports its change. A write anywhere
// else would leave the portal and the assistant reading a stale catalogue.

const WRITER = "src/server/repos/services.repo.ts";

const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?services"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*services\s*\)/,
];

/** The places in `text` that write services: line numbers with the line. */
const serviceWrites = writesIn(WRITES);

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
    const { offenders, inWriter } = writesOutside(WRITER, WRITES);
    expect(offenders).toEqual([]);
    expect(inWriter).toBeGreaterThan(0);
  });
});
