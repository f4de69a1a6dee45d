import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createAccount } from "../src/server/auth/accounts";
import { openDatabase } from "../src/server/db/open-database";
import { services } from "../src/server/db/schema/services.schema";
import { insertBookings, type BulkBooking } from "../src/server/repos/bookings-write.repo";
import { listBookings } from "../src/server/repos/bookings-read.repo";
const N = Number(process.env.N ?? 100000);
const dataDir = mkdtempSync(join(tmpdir(), "s2-measure-"));
const h = await openDatabase({ dataDir, databaseUrl: null });
await h.migrate();
const db = h.db;
const user = await createAccount(db, "m@example.com", "password 123");
const [svc] = await db.insert(services).values({ businessId: user.businessId, name: "Cut", durationMinutes: 30, priceCents: 100 }).returning();
const now = new Date();
const S = ["pending", "confirmed", "completed", "cancelled"] as const;
const rows: BulkBooking[] = Array.from({ length: N }, (_, i) => ({ externalId: null, source: "assistant", serviceId: svc!.id, serviceName: "Cut", durationMinutes: 30, priceCents: 100, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, customerName: `C ${i}`, customerPhone: `+1555${i}`, notes: null, callId: null, callExternalId: null, startTime: new Date(now.getTime() + (i - N / 2) * 40 * 60000), status: S[i % 4]!, createdAt: now }));
let t = performance.now();
await insertBookings(db, user.businessId, rows, { kind: "system", id: null, name: null });
console.log("insert", (performance.now() - t).toFixed(0), "ms");
await db.execute(sql`vacuum analyze`);
for (const [label, status, scope] of [["all", null, "all"], ["confirmed", "confirmed", "all"], ["upcoming", null, "upcoming"]] as const) {
  const first = await listBookings(db, user.businessId, { status, scope, range: { from: null, to: null }, page: 1, limit: 10, now });
  const pages = Math.ceil(first.total / 10);
  for (const page of [1, Math.ceil(pages / 2), pages]) {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) { t = performance.now(); await listBookings(db, user.businessId, { status, scope, range: { from: null, to: null }, page, limit: 10, now }); times.push(performance.now() - t); }
    times.sort((a, b) => a - b);
    console.log(label, "page", page, "of", pages, "median", times[20]!.toFixed(2), "max", times[39]!.toFixed(2));
  }
}
const r = await h.client?.query?.("explain analyze select count(*) from bookings where business_id = $1", [user.businessId]).catch(() => null);
const ex = await db.execute(sql`explain analyze select count(*)::int from bookings where business_id = ${user.businessId}::uuid`);
console.log((ex as any).rows.map((r: any) => r["QUERY PLAN"]).join("\n"));
await h.close();
