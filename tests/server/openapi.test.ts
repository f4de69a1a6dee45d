import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { toOpenApiPath } from "../../src/server/http/openapi";
import { startTestServer, type TestServer } from "../support/server-harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Operation = {
  summary: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

async function document(): Promise<Document> {
  const response = await server.request("/api/openapi.json");
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

describe("GET /api/openapi.json", () => {
  it("documents exactly the /api routes the Hono app serves", async () => {
    const app = createApp({
      config: { ...loadConfig({ STATIC_DIR: "", LOG_LEVEL: "silent" }), jwtSecret: "x".repeat(32) },
      db: server.db,
    });
    const served = new Set(
      app.routes
        .filter((r) => r.method !== "ALL" && r.path.startsWith("/api"))
        .map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.path)}`),
    );
    const doc = await document();
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method} ${path}`),
      ),
    );
    expect(doc.openapi).toBe("3.1.0");
    expect([...documented].sort()).toEqual([...served].sort());
    expect(documented).toContain("post /api/auth/sign-in");
  });

  it("takes request and response schemas from the shared arktype schemas", async () => {
    const signUp = (await document()).paths["/api/auth/sign-up"]!.post!;
    const request = signUp.requestBody!.content["application/json"]!.schema;
    expect(request).toMatchObject({
      type: "object",
      required: ["email", "password"],
      additionalProperties: false,
      properties: { password: { type: "string", minLength: 8, maxLength: 128 } },
    });
    const created = signUp.responses["201"]!.content["application/json"]!.schema;
    expect(created).toMatchObject({
      properties: {
        success: { const: true },
        data: { required: ["businessId", "businessName", "email", "id"] },
      },
    });
    const taken = signUp.responses["409"]!.content["application/json"]!.schema;
    expect(taken).toMatchObject({
      properties: { error: { properties: { code: { enum: ["EMAIL_TAKEN"] } } } },
    });
    expect(Object.keys(signUp.responses).sort()).toEqual(["201", "400", "403", "409", "413", "500"]);
  });

  it("marks authenticated routes with the bearer scheme, and only them", async () => {
    const doc = await document();
    expect(doc.paths["/api/auth/me"]!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/auth/me"]!.get!.responses["401"]).toBeDefined();
    expect(doc.paths["/api/auth/sign-in"]!.post!.security).toBeUndefined();
  });
});
