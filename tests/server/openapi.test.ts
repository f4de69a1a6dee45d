import { type } from "arktype";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { ApiRouter } from "../../src/server/http/api-router";
import { toOpenApiPath } from "../../src/server/http/openapi";
import { serverForFile } from "../support/server-harness";

const server = serverForFile();

type Content = Record<string, { schema: Record<string, unknown>; example?: unknown }>;
type Operation = {
  summary: string;
  security?: unknown[];
  parameters?: {
    name: string;
    in: string;
    required: boolean;
    schema: Record<string, unknown>;
    example?: unknown;
  }[];
  requestBody?: { content: Content };
  responses: Record<string, { content: Content }>;
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
      config: {
        ...loadConfig({ STATIC_DIR: "", LOG_LEVEL: "silent" }),
        jwtSecret: "x".repeat(32),
        calendarTokenKey: Buffer.alloc(32),
      },
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
    expect(Object.keys(signUp.responses).sort()).toEqual(["201", "400", "403", "409", "413", "429", "500"]);
  });

  it("documents the refresh's 'no session' answer (data null) beside its 401", async () => {
    const refresh = (await document()).paths["/api/auth/refresh"]!.post!;
    const ok = refresh.responses["200"]!.content["application/json"]!;
    expect(ok.example).toEqual({ success: true, data: null });
    expect(JSON.stringify(ok.schema)).toContain('"type":"null"');
    expect(refresh.responses["401"]).toBeDefined();
  });

  it("marks authenticated routes with the bearer scheme, and only them", async () => {
    const doc = await document();
    expect(doc.paths["/api/auth/me"]!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/auth/me"]!.get!.responses["401"]).toBeDefined();
    expect(doc.paths["/api/auth/sign-in"]!.post!.security).toBeUndefined();
  });

  it("documents the query parameters of GET /api/calls, each with its schema and an example", async () => {
    const list = (await document()).paths["/api/calls"]!.get!;
    const byName = Object.fromEntries((list.parameters ?? []).map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(["endDate", "limit", "page", "startDate", "status"]);
    expect(byName.limit).toMatchObject({
      in: "query",
      required: false,
      schema: { type: "integer", minimum: 1, maximum: 100 },
      example: 10,
    });
    expect(byName.status!.schema).toEqual({ enum: ["completed", "failed", "in-progress", "missed"] });
    expect(byName.startDate!.example).toBe("2026-02-01");
    expect(Object.keys(list.responses).sort()).toEqual(["200", "400", "401", "500"]);
  });

  it("shows examples of the new routes' requests and answers, inside the envelope", async () => {
    const doc = await document();
    const report = doc.paths["/api/assistant/calls"]!.post!;
    expect(report.requestBody!.content["application/json"]!.example).toMatchObject({
      externalId: "call_7Hq2mX",
    });
    // 201 for a call's first report, 200 for the updates after it.
    for (const status of ["200", "201"]) {
      expect(report.responses[status]!.content["application/json"]!.example).toMatchObject({
        success: true,
        data: { externalId: "call_7Hq2mX" },
      });
    }
    for (const [path, method] of [
      ["/api/calls/{id}", "get"],
      ["/api/dashboard/stats", "get"],
      ["/api/assistant/config", "get"],
      ["/api/assistant/keys", "post"],
    ] as const) {
      expect(
        doc.paths[path]![method]!.responses[method === "post" ? "201" : "200"]!.content["application/json"]!
          .example,
      ).toMatchObject({ success: true });
    }
  });

  it("documents the bookings reads: the list's parameters, the detail's 404, the counts, the call's booking", async () => {
    const doc = await document();
    const list = doc.paths["/api/bookings"]!.get!;
    expect(list.security).toEqual([{ bearer: [] }]);
    const byName = Object.fromEntries((list.parameters ?? []).map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(["from", "limit", "page", "scope", "status", "to"]);
    expect(byName.scope!.schema).toEqual({ enum: ["all", "past", "upcoming"] });
    expect(byName.status!.schema).toEqual({ enum: ["cancelled", "completed", "confirmed", "pending"] });
    expect(byName.from!.example).toBe("2026-03-01");
    expect(Object.keys(list.responses).sort()).toEqual(["200", "400", "401", "500"]);
    const detail = doc.paths["/api/bookings/{id}"]!.get!;
    expect(Object.keys(detail.responses).sort()).toEqual(["200", "401", "404", "500"]);
    expect(detail.responses["200"]!.content["application/json"]!.example).toMatchObject({
      success: true,
      data: { timeline: [{ action: "create" }, { action: "confirm" }], call: { outcome: "booked" } },
    });
    expect(
      doc.paths["/api/bookings/counts"]!.get!.responses["200"]!.content["application/json"]!.example,
    ).toEqual({ success: true, data: { pending: 3 } });
    const call = doc.paths["/api/calls/{id}"]!.get!.responses["200"]!.content["application/json"]!;
    expect(JSON.stringify(call.schema)).toContain('"booking"');
    expect(call.example).toMatchObject({ data: { booking: { status: "confirmed" } } });
  });

  it("puts the assistant's routes under X-Api-Key and outside the origin check, but not key management", async () => {
    const doc = (await document()) as Document & { components: { securitySchemes: Record<string, unknown> } };
    expect(doc.components.securitySchemes.assistantKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-Api-Key",
    });
    const report = doc.paths["/api/assistant/calls"]!.post!;
    expect(report.security).toEqual([{ assistantKey: [] }]);
    expect(report.responses["403"]).toBeUndefined();
    expect(doc.paths["/api/assistant/config"]!.get!.security).toEqual([{ assistantKey: [] }]);
    const createKey = doc.paths["/api/assistant/keys"]!.post!;
    expect(createKey.security).toEqual([{ bearer: [] }]);
    expect(createKey.responses["403"]).toBeDefined();
  });

  it("documents free slots for both callers alike: the same parameters and answer, each under its own key", async () => {
    const doc = await document();
    const staff = doc.paths["/api/availability/slots"]!.get!;
    const assistant = doc.paths["/api/assistant/slots"]!.get!;
    expect(staff.security).toEqual([{ bearer: [] }]);
    expect(assistant.security).toEqual([{ assistantKey: [] }]);
    for (const operation of [staff, assistant]) {
      // serviceId, or bookingId for the times a move of that booking would accept.
      expect((operation.parameters ?? []).map((p) => [p.name, p.required, p.example])).toEqual([
        ["from", true, "2026-03-30"],
        ["to", true, "2026-04-05"],
        ["bookingId", false, undefined],
        ["serviceId", false, "3f6c1a2b-9d8e-4f7a-b6c5-d4e3f2a1b0c9"],
      ]);
      expect(Object.keys(operation.responses).sort()).toEqual(["200", "400", "401", "404", "409", "500"]);
      const example = operation.responses["200"]!.content["application/json"]!.example as { data: unknown[] };
      expect(example.data[0]).toEqual({
        start: "2026-03-30T08:00:00-04:00",
        end: "2026-03-30T09:00:00-04:00",
      });
    }
    expect(Object.keys(doc.paths["/api/availability"]!).sort()).toEqual(["get", "put"]);
    expect(doc.paths["/api/availability/blackout-dates"]!.post!.responses["201"]).toBeDefined();
    expect(doc.paths["/api/availability/blackout-dates/{id}"]!.delete!.responses["404"]).toBeDefined();
  });

  it("refuses to register a route whose example its own schema refuses", () => {
    const router = new ApiRouter("/api/test", {
      user: async () => {},
      assistantKey: async () => {},
      presumedAssistantKey: async () => {},
    });
    expect(() =>
      router.add(
        {
          method: "get",
          path: "/",
          summary: "Example check",
          response: type({ n: "number" }),
          examples: { response: { n: "one" } as never },
          errors: [],
        },
        (c) => c.body(null),
      ),
    ).toThrow(/response example of GET \/api\/test is invalid: n must be a number/);
  });
});
