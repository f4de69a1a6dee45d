import { describe, expect, it } from "vitest";
import { writesIn, writesOutside } from "../support/single-writer";

// The business row is written in one module only (src/server/company/businesses.repo.ts), so whatever keeps a
// business's settings in memory, or must hear of their change (the assistant's config, Telegram's language),
// has one place to look.

const WRITER = "src/server/company/businesses.repo.ts";

const WRITES = [
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?)\s+"?businesses"?(\s|$|\()/i,
  /\.(insert|update|delete)\(\s*businesses\s*\)/,
];

const businessWrites = writesIn(WRITES);

describe("writers of businesses", () => {
  it("recognises each kind of write it guards against", () => {
    expect(businessWrites("update businesses set phone_number = $1")).toHaveLength(1);
    expect(businessWrites("await db.update(businesses).set({})")).toHaveLength(1);
    expect(businessWrites("db.insert(businesses).values(v)")).toHaveLength(1);
    expect(businessWrites('delete from "businesses" where id = $1')).toHaveLength(1);
    expect(businessWrites("select timezone from businesses where id = $1")).toHaveLength(0);
    expect(businessWrites("db.select().from(businesses)")).toHaveLength(0);
  });

  it("are only the one module", () => {
    const { offenders, inWriter } = writesOutside(WRITER, WRITES);
    expect(offenders).toEqual([]);
    expect(inWriter).toBeGreaterThan(0);
  });
});
