import { apiErrorCodes } from "@shared/error-codes";
import type { Type } from "arktype";
import type { RegisteredRoute } from "./api-router";

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: Type): JsonSchema => {
  const { $schema: _dialect, ...rest } = schema.toJsonSchema() as JsonSchema;
  return rest;
};

const successEnvelope = (data: JsonSchema): JsonSchema => ({
  type: "object",
  properties: { success: { const: true }, data },
  required: ["success", "data"],
  additionalProperties: false,
});

const failureEnvelope = (codes: readonly string[]): JsonSchema => ({
  type: "object",
  properties: {
    success: { const: false },
    error: {
      type: "object",
      properties: { message: { type: "string" }, code: { enum: codes } },
      required: ["message"],
    },
  },
  required: ["success", "error"],
});

/** Hono's `/calls/:id` → OpenAPI's `/calls/{id}`. */
export const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

function operation(route: RegisteredRoute) {
  const data = route.response ? jsonSchema(route.response) : { type: "null" };
  const responses: Record<string, unknown> = {
    [route.status ?? 200]: {
      description: route.summary,
      ...(route.responseHeaders && {
        headers: Object.fromEntries(
          Object.entries(route.responseHeaders).map(([name, description]) => [
            name,
            { description, schema: { type: "string" } },
          ]),
        ),
      }),
      content: { "application/json": { schema: route.raw ? data : successEnvelope(data) } },
    },
  };
  const byStatus = new Map<number, string[]>();
  for (const { status, code } of route.errors) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: codes.join(", "),
      content: { "application/json": { schema: failureEnvelope(codes) } },
    };
  }
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  return {
    summary: route.summary,
    ...(route.auth && { security: [{ bearer: [] }] }),
    ...(params.length > 0 && { parameters: params }),
    ...(route.body && {
      requestBody: { required: true, content: { "application/json": { schema: jsonSchema(route.body) } } },
    }),
    responses,
  };
}

/** The OpenAPI 3.1 document of every route registered through an ApiRouter. */
export function buildOpenApiDocument(routes: readonly RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = toOpenApiPath(route.fullPath);
    paths[path] = { ...paths[path], [route.method]: operation(route) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "CallDesk API",
      version: "0.1.0",
      description: `Every response is an envelope {success, data} or {success:false, error:{message, code}}; codes: ${apiErrorCodes.join(", ")}.`,
    },
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    paths,
  };
}
