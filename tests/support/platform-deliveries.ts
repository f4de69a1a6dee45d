import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import type {
  AssistantConnection,
  AssistantConnectionWithSecret,
  CreateAssistantConnectionBody,
} from "../../src/shared/assistant-connections.schema";
import type { CallDetail } from "../../src/shared/calls.schema";
import type { SignedIn } from "./server-accounts";
import { dataOf } from "./server-calls";
import type { TestServer } from "./server-harness";

/** A delivery body exactly as stored under tests/fixtures (see its README for the pages each follows). */
export const fixtureText = (platform: "vapi" | "retell", name: string) =>
  readFileSync(join(import.meta.dirname, "../fixtures", platform, `${name}.json`), "utf8");

/**
 * A fixture with some fields set (by dotted path, `undefined` removes one), as JSON.stringify writes it: a
 * delivery the documentation allows that differs where a test needs it to.
 */
export function fixtureWith(
  platform: "vapi" | "retell",
  name: string,
  changes: Record<string, unknown>,
): string {
  const body: Record<string, unknown> = JSON.parse(fixtureText(platform, name));
  for (const [path, value] of Object.entries(changes)) {
    const keys = path.split(".");
    const last = keys.pop()!;
    const parent = keys.reduce<Record<string, unknown>>((node, key) => {
      node[key] ??= {};
      return node[key] as Record<string, unknown>;
    }, body);
    if (value === undefined) delete parent[last];
    else parent[last] = value;
  }
  return JSON.stringify(body);
}

const hmacHex = (key: string, text: string) => createHmac("sha256", key).update(text).digest("hex");

/** retell-sdk's `sign`: HMAC-SHA256 of the body followed by the time in ms, keyed with the API key. */
export const retellSignature = (body: string, apiKey: string, ms: number) =>
  `v=${ms},d=${hmacHex(apiKey, body + ms)}`;

/** A Vapi HMAC credential's headers (SHA256, hex, `{timestamp}.{body}`). */
export const vapiHmacHeaders = (body: string, secret: string, timestamp: number) => ({
  "x-timestamp": String(timestamp),
  "x-signature": hmacHex(secret, `${timestamp}.${body}`),
});

/** POST a raw body to a platform's webhook, as the platform does: server to server, no Origin. */
export const deliver = (
  server: TestServer,
  platform: "vapi" | "retell",
  connectionId: string,
  body: string,
  headers: Record<string, string>,
) =>
  server.request(`/api/integrations/${platform}/${connectionId}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
    origin: null,
  });

/** A Vapi delivery with the Bearer Token credential. */
export const deliverVapi = (server: TestServer, connection: { _id: string; secret: string }, body: string) =>
  deliver(server, "vapi", connection._id, body, { authorization: `Bearer ${connection.secret}` });

/** A Retell delivery signed now (the server's clock) with the connection's API key. */
export const deliverRetell = (
  server: TestServer,
  connection: { _id: string; apiKey: string },
  body: string,
) =>
  deliver(server, "retell", connection._id, body, {
    "x-retell-signature": retellSignature(body, connection.apiKey, server.clock().getTime()),
  });

export async function connectPlatform(
  server: TestServer,
  staff: SignedIn,
  body: CreateAssistantConnectionBody,
): Promise<AssistantConnectionWithSecret> {
  const response = await server.request("/api/assistant-connections", {
    json: body,
    accessToken: staff.accessToken,
  });
  expect(response.status).toBe(201);
  return dataOf<AssistantConnectionWithSecret>(response);
}

/** A connected Vapi, with its secret. */
export async function connectVapi(server: TestServer, staff: SignedIn) {
  const created = await connectPlatform(server, staff, { provider: "vapi" });
  return { ...created, secret: created.secret! };
}

let keys = 0;
/** A connected Retell, with the API key it signs with. */
export async function connectRetell(server: TestServer, staff: SignedIn) {
  const apiKey = `key_${(keys++).toString().padStart(4, "0")}a1b2c3d4e5f6a7b8c9d0e1f2`;
  const created = await connectPlatform(server, staff, { provider: "retell", apiKey });
  return { ...created, apiKey };
}

/** The business's call of that externalId, as the call detail shows it (null when there is none). */
export async function callOf(
  server: TestServer,
  staff: SignedIn,
  externalId: string,
): Promise<CallDetail | null> {
  const [row] = await rawRows<{ id: string }>(
    server.db,
    sql`select id::text as id from calls where business_id = ${staff.user.businessId}::uuid and external_id = ${externalId}`,
  );
  if (!row) return null;
  return dataOf<CallDetail>(await server.request(`/api/calls/${row.id}`, { accessToken: staff.accessToken }));
}

export const listConnections = async (server: TestServer, staff: SignedIn) =>
  dataOf<AssistantConnection[]>(
    await server.request("/api/assistant-connections", { accessToken: staff.accessToken }),
  );

let toolCalls = 0;
/** A tool call id of its own, as Vapi (the model) gives every tool call. */
export const newToolCallId = () => `call_${(toolCalls++).toString().padStart(24, "0")}`;

/**
 * Vapi's tool-calls message of the fixture with these calls, each as the SDK types it (arguments a JSON string),
 * each with its `id` or else one of its own (the same id sent again is Vapi retrying that tool call).
 */
export const vapiToolCallsBody = (
  calls: { name: string; args: unknown; id?: string }[],
  changes: Record<string, unknown> = {},
) =>
  fixtureWith("vapi", "tool-calls", {
    "message.toolCallList": calls.map((call) => ({
      id: call.id ?? newToolCallId(),
      type: "function",
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    })),
    ...changes,
  });

export type VapiToolResults = {
  results: { toolCallId: string; result?: string; error?: string }[];
  error?: string;
};

/** POST Vapi's tool-calls and read its bare answer (Vapi reads `results` at the top). */
export async function callVapiTools(
  server: TestServer,
  connection: { _id: string; secret: string },
  body: string,
): Promise<VapiToolResults> {
  const response = await deliverVapi(server, connection, body);
  expect(response.status).toBe(200);
  return (await response.json()) as VapiToolResults;
}

/** A Retell custom function's request signed now, to `/retell/:id/tools/:tool` (or `/tools` when no tool). */
export const deliverRetellTool = (
  server: TestServer,
  connection: { _id: string; apiKey: string },
  body: string,
  tool?: string,
) =>
  server.request(`/api/integrations/retell/${connection._id}/tools${tool ? `/${tool}` : ""}`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-retell-signature": retellSignature(body, connection.apiKey, server.clock().getTime()),
    },
    origin: null,
  });

/** Retell's custom function request of the fixture for this tool and these arguments. */
export const retellToolBody = (name: string, args: unknown, changes: Record<string, unknown> = {}) =>
  fixtureWith("retell", "custom-function", { name, args, ...changes });
