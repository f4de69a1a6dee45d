import { BOOKING_STATUSES } from "@shared/booking.constants";
import { apiErrorCodes } from "@shared/error-codes";
import type { Type } from "arktype";
import type { RegisteredRoute, RouteAuth } from "./api-router";
import { STATUS_OF_CODE } from "./refusal-status";

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema of an arktype schema. What JSON Schema cannot express is documented by its nearest shape: a
 * parse (query strings to integers) by what it produces, a predicate (a URL that must parse) by its base.
 */
const jsonSchema = (schema: Type): JsonSchema => {
  const { $schema: _dialect, ...rest } = schema.toJsonSchema({
    fallback: { morph: (ctx) => ctx.out ?? ctx.base, predicate: (ctx) => ctx.base },
  }) as JsonSchema;
  return rest;
};

const SECURITY: Record<RouteAuth, Record<string, string[]>[]> = {
  user: [{ bearer: [] }],
  assistantKey: [{ assistantKey: [] }],
  presumedAssistantKey: [{ assistantKey: [] }],
};

/** One OpenAPI parameter per property of the query schema; examples as the schema parses them (10, not "10"). */
function queryParameters(route: RegisteredRoute) {
  if (!route.query) return [];
  const schema = jsonSchema(route.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  // Checked when the route was registered, so the example parses.
  const examples = (route.examples?.query ? route.query(route.examples.query) : {}) as Record<
    string,
    unknown
  >;
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    schema: property,
    ...(examples[name] !== undefined && { example: examples[name] }),
  }));
}

const successEnvelope = (data: JsonSchema, alongside?: JsonSchema): JsonSchema => ({
  type: "object",
  properties: { success: { const: true }, data, ...(alongside?.properties as JsonSchema | undefined) },
  required: ["success", "data", ...((alongside?.required as string[] | undefined) ?? [])],
  additionalProperties: false,
});

const failureEnvelope = (codes: readonly string[]): JsonSchema => ({
  type: "object",
  properties: {
    success: { const: false },
    error: {
      type: "object",
      properties: {
        message: { type: "string" },
        code: { enum: codes },
        field: {
          type: "string",
          description:
            "VALIDATION: the path of the first offending input; a conflict may name the input it is about",
        },
        currentStatus: {
          enum: [...BOOKING_STATUSES],
          description: "BOOKING_STATUS, BOOKING_NOT_STARTED and BOOKING_CHANGED: the booking's status now",
        },
        nextFreeSlots: {
          type: "array",
          items: { type: "string" },
          description: "SLOT_TAKEN: up to 5 free slot starts of that day to offer instead",
        },
      },
      required: ["message"],
    },
  },
  required: ["success", "error"],
});

/** Hono's `/calls/:id` → OpenAPI's `/calls/{id}`. */
export const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

function operation(route: RegisteredRoute) {
  const data = route.response ? jsonSchema(route.response) : { type: "null" };
  const example = route.examples?.response;
  const success = {
    description: route.summary,
    ...(route.responseHeaders && {
      headers: Object.fromEntries(
        Object.entries(route.responseHeaders).map(([name, description]) => [
          name,
          { description, schema: { type: "string" } },
        ]),
      ),
    }),
    content: route.page
      ? { "text/html": { schema: { type: "string" } } }
      : route.file
        ? { [route.file]: { schema: { type: "string", format: "binary" } } }
        : {
            "application/json": {
              schema: route.raw
                ? data
                : successEnvelope(data, route.alongside ? jsonSchema(route.alongside) : undefined),
              ...(example !== undefined && {
                example: route.raw ? example : { success: true, data: example },
              }),
            },
          },
  };
  const responses: Record<string, unknown> = Object.fromEntries(
    [route.status ?? 200].flat().map((status) => [status, success]),
  );
  const byStatus = new Map<number, string[]>();
  for (const code of route.errors) {
    const status = STATUS_OF_CODE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: codes.join(", "),
      content: { "application/json": { schema: failureEnvelope(codes) } },
    };
  }
  const params = [
    ...[...route.path.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    })),
    ...queryParameters(route),
  ];
  return {
    summary: route.summary,
    ...(route.description && { description: route.description }),
    ...(route.auth && { security: SECURITY[route.auth] }),
    ...(params.length > 0 && { parameters: params }),
    ...(route.body && {
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: jsonSchema(route.body),
            ...(route.examples?.body !== undefined && { example: route.examples.body }),
          },
        },
      },
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
      description: `Every response is an envelope {success, data} or {success:false, error:{message, code, field?, currentStatus?, nextFreeSlots?}} (field: the offending input of a VALIDATION failure; currentStatus and nextFreeSlots: booking refusals); codes: ${apiErrorCodes.join(", ")}.`,
    },
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        assistantKey: {
          type: "apiKey",
          in: "header",
          name: "X-Api-Key",
          description: "A key created by staff through POST /api/assistant/keys (shown once).",
        },
      },
    },
    paths,
  };
}
