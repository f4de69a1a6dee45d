import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Executor } from "../../src/server/db/database";
import { rawRows } from "../../src/server/db/raw-rows";
import type { CreatedAssistantKey } from "../../src/shared/assistant.schema";
import type { CallList, CallReport } from "../../src/shared/calls.schema";
import type { ApiEnvelope } from "../../src/shared/envelope";
import type { SignedIn } from "./server-accounts";
import { readEnvelope, type TestServer } from "./server-harness";

/** The data of a success envelope; throws with the server's message otherwise. */
export async function dataOf<T>(response: Response): Promise<T> {
  const body: ApiEnvelope<T> = await readEnvelope<T>(response);
  if (!body.success) throw new Error(`expected success, got ${response.status}: ${body.error.message}`);
  return body.data;
}

export async function createAssistantKey(
  server: TestServer,
  staff: SignedIn,
  name = "Front desk",
): Promise<CreatedAssistantKey> {
  const response = await server.request("/api/assistant/keys", {
    json: { name },
    accessToken: staff.accessToken,
  });
  expect(response.status).toBe(201);
  return dataOf<CreatedAssistantKey>(response);
}

/** POST /api/assistant/calls as the assistant does: server to server, no Origin. */
export const reportCall = (
  server: TestServer,
  key: string,
  report: Partial<CallReport> | Record<string, unknown>,
) => server.request("/api/assistant/calls", { json: report, headers: { "x-api-key": key }, origin: null });

export async function listCalls(server: TestServer, staff: SignedIn, query = ""): Promise<CallList> {
  return dataOf<CallList>(await server.request(`/api/calls${query}`, { accessToken: staff.accessToken }));
}

/**
 * The invariant every write must keep: per business, status ('' for all), level and bucket, call_counts holds
 * exactly how many calls started in that bucket (a counter left at zero counts as absent).
 */
export async function expectTrueCounts(db: Executor, businessId: string): Promise<void> {
  const [row] = await rawRows<{ counters: number; wrong: number }>(
    db,
    sql`with truth as (
        select k.status, l.level, floor(extract(epoch from c.started_at) / l.width)::bigint as bucket,
          count(*)::int as n
        from calls c
        cross join lateral (values (c.status), ('')) as k(status)
        cross join call_count_levels() as l
        where c.business_id = ${businessId}::uuid
        group by 1, 2, 3
      ),
      kept as (
        select status, level, bucket, n from call_counts where business_id = ${businessId}::uuid and n <> 0
      )
      select (select count(*)::int from kept) as counters,
        (select count(*)::int from truth t full join kept k using (status, level, bucket)
          where t.n is distinct from k.n) as wrong`,
  );
  expect(row).toMatchObject({ wrong: 0 });
}
