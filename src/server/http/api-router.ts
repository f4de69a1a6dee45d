import type { ApiErrorCode } from "@shared/error-codes";
import { type Type, type } from "arktype";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { isOriginCheckExempt } from "./origin-check";
import { readJsonBody } from "./read-json-body";
import { readQuery } from "./read-query";

type Method = "get" | "post" | "put" | "patch" | "delete";

type SuccessStatus = 200 | 201;

/**
 * How a route's caller proves who they are: `user` with a staff access token, `assistantKey` with an X-Api-Key
 * checked before the handler runs, `presumedAssistantKey` with an X-Api-Key the handler's own statement
 * confirms (the context then holds an `assistantClaim`, not an `assistant`).
 */
export type RouteAuth = "user" | "assistantKey" | "presumedAssistantKey";

/** The middleware behind each RouteAuth. */
export type RouteGuards = Record<RouteAuth, MiddlewareHandler<AppEnv>>;

type InputOf<S> = S extends Type ? S["inferIn"] : never;
type OutputOf<S> = S extends Type ? S["infer"] : S extends null ? null : never;

/** Everything the OpenAPI document says about a route; the router enforces the same facts it documents. */
export type RouteSpec<
  Body extends Type | undefined = Type | undefined,
  Query extends Type | undefined = Type | undefined,
  Data extends Type | null = Type | null,
> = {
  method: Method;
  /** Relative to the router's base path, in Hono syntax (`/calls/:id`). */
  path: string;
  summary: string;
  /** Longer prose for the document: rules a schema cannot say. */
  description?: string;
  auth?: RouteAuth;
  body?: Body;
  /** The handler checks the body's items one by one, unstorable text included (see readJsonBody). */
  bodyPerItem?: boolean;
  /** Schema of the query string, every value a string as it arrives. */
  query?: Query;
  /** Schema of `data` in the success envelope; null when `data` is null. */
  response: Data;
  /** The body is `response` itself rather than an envelope (the OpenAPI document, read by tools). */
  raw?: boolean;
  /** Success status; 200 unless stated. Several when the answer depends on what happened (created or not). */
  status?: SuccessStatus | SuccessStatus[];
  /** Headers the success response carries (documented only). */
  responseHeaders?: Record<string, string>;
  /** Shown in the document; each is checked against its schema when the route is registered. */
  examples?: { body?: InputOf<Body>; query?: Record<string, string>; response?: OutputOf<Data> };
  errors: { status: number; code: ApiErrorCode }[];
};

export type RegisteredRoute = RouteSpec & { fullPath: string };

/** Failures the app's middleware can answer on this route, so each route lists only its own. */
function impliedErrors(spec: RouteSpec, fullPath: string): RouteSpec["errors"] {
  const unsafe = spec.method !== "get";
  return [
    ...(spec.body || spec.query ? [{ status: 400, code: "VALIDATION" as const }] : []),
    ...(spec.auth ? [{ status: 401, code: "UNAUTHENTICATED" as const }] : []),
    ...(unsafe && !isOriginCheckExempt(fullPath) ? [{ status: 403, code: "FORBIDDEN_ORIGIN" as const }] : []),
    ...(unsafe ? [{ status: 413, code: "PAYLOAD_TOO_LARGE" as const }] : []),
    { status: 500, code: "INTERNAL" as const },
  ];
}

/** A documented example that its own schema refuses is a bug in the route, found at start-up. */
function checkExamples(spec: RouteSpec, fullPath: string): void {
  const pairs: [string, Type | null | undefined, unknown][] = [
    ["body", spec.body, spec.examples?.body],
    ["query", spec.query, spec.examples?.query],
    ["response", spec.response, spec.examples?.response],
  ];
  for (const [part, schema, example] of pairs) {
    if (example === undefined || !schema) continue;
    const out = schema(example);
    if (out instanceof type.errors) {
      throw new Error(
        `The ${part} example of ${spec.method.toUpperCase()} ${fullPath} is invalid: ${out.summary}`,
      );
    }
  }
}

type ParsedOf<S> = S extends Type ? S["infer"] : undefined;

/** What a handler receives besides the context: the body and query, already validated. */
export type RouteInput<Body, Query> = { body: ParsedOf<Body>; query: ParsedOf<Query> };

export class ApiRouter {
  readonly app = new Hono<AppEnv>();
  readonly routes: RegisteredRoute[] = [];

  constructor(
    readonly basePath: `/api${string}`,
    private readonly guards: RouteGuards,
  ) {}

  add<
    Body extends Type | undefined = undefined,
    Query extends Type | undefined = undefined,
    Data extends Type | null = Type | null,
  >(
    spec: RouteSpec<Body, Query, Data>,
    handler: (c: Context<AppEnv>, input: RouteInput<Body, Query>) => Response | Promise<Response>,
  ): void {
    const fullPath = `${this.basePath}${spec.path === "/" ? "" : spec.path}`;
    const registered = spec as RouteSpec;
    checkExamples(registered, fullPath);
    this.routes.push({
      ...registered,
      fullPath,
      errors: [...impliedErrors(registered, fullPath), ...spec.errors],
    });
    const run = async (c: Context<AppEnv>) => {
      const query = (spec.query ? readQuery(c, spec.query) : undefined) as ParsedOf<Query>;
      const body = (
        spec.body ? await readJsonBody(c, spec.body, { perItem: spec.bodyPerItem }) : undefined
      ) as ParsedOf<Body>;
      return handler(c, { body, query });
    };
    if (spec.auth) this.app.on(spec.method.toUpperCase(), spec.path, this.guards[spec.auth], run);
    else this.app.on(spec.method.toUpperCase(), spec.path, run);
  }
}
