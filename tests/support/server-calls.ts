import { expect } from "vitest";
import type { BulkCall } from "../../src/server/calls/calls-write.repo";
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

/** A row for insertCallsBulk: a completed one-minute call from +1 555 0100, with no content; override the rest. */
export const bulkCall = (call: Pick<BulkCall, "externalId" | "startedAt"> & Partial<BulkCall>): BulkCall => ({
  callerNumber: "+1 555 0100",
  callerName: null,
  status: "completed",
  durationSeconds: 60,
  outcome: null,
  summary: null,
  transcript: [],
  recordingUrl: null,
  serviceName: null,
  ...call,
});
