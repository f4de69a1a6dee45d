import { gunzipSync } from "node:zlib";
import type { ApiErrorCode } from "@shared/error-codes";
import { type Type, type } from "arktype";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { Logger } from "../logger";
import { Refusal } from "../refusal";
import type { AppEnv } from "./app-env";
import { isOriginCheckExempt } from "./origin-check";
import { readJsonBody } from "./read-json-body";
import { readQuery } from "./read-query";
import { failure } from "./respond";
import { storable } from "./unstorable-text";

type Method = "get" | "post" | "put" | "patch" | "delete";

type SuccessStatus = 200 | 201 | 206;

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
  /**
   * The answer is an HTML page for a browser window rather than JSON (the calendar's OAuth callback, which
   * Google's redirect opens in the popup); `response` is then null.
   */
  page?: boolean;
  /**
   * The answer is a file of this media type (a zip to download; `audio/*`: audio of any type) rather than JSON;
   * `response` is then null.
   */
  file?: string;
  /** Fields the success envelope carries beside `data` (what a list of slots says about itself). */
  alongside?: Type;
  /** Success status; 200 unless stated. Several when the answer depends on what happened (created or not). */
  status?: SuccessStatus | SuccessStatus[];
  /** Headers the success response carries (documented only). */
  responseHeaders?: Record<string, string>;
  /** Shown in the document; each is checked against its schema when the route is registered. */
  examples?: { body?: InputOf<Body>; query?: Record<string, string>; response?: OutputOf<Data> };
  /** The failure codes this route answers with (each with its status, http/refusal-status.ts). */
  errors: readonly ApiErrorCode[];
};

export type RegisteredRoute = RouteSpec & { fullPath: string };

/** Failures the app's middleware can answer on this route, so each route lists only its own. */
function impliedErrors(spec: RouteSpec, fullPath: string): RouteSpec["errors"] {
  const unsafe = spec.method !== "get";
  return [
    ...(spec.body || spec.query ? ["VALIDATION" as const] : []),
    ...(/:\w/.test(fullPath) ? ["NOT_FOUND" as const] : []),
    ...(spec.auth ? ["UNAUTHENTICATED" as const] : []),
    ...(unsafe && !isOriginCheckExempt(fullPath) ? ["FORBIDDEN_ORIGIN" as const] : []),
    ...(unsafe ? ["PAYLOAD_TOO_LARGE" as const] : []),
    "INTERNAL" as const,
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

/**
 * What is wrong with a success answer as it goes over the wire, against its route's declaration: its
 * status, or its data (the whole body for a raw route) — which must also carry no field the schema does
 * not declare, so nothing leaks unnoticed. Null when it is right or not a success.
 */
async function responseDrift(
  spec: RouteSpec,
  strict: Type | null,
  response: Response,
): Promise<string | null> {
  if (response.status < 200 || response.status >= 300) return null;
  const statuses = [spec.status ?? 200].flat();
  if (!statuses.includes(response.status as SuccessStatus)) {
    return `status ${response.status} is not among the declared ${statuses.join(", ")}`;
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (spec.page)
    return contentType.startsWith("text/html") ? null : `a page must be text/html (was "${contentType}")`;
  // A file is checked by its type only: reading it here would hold the whole download in memory.
  if (spec.file) {
    const fits = spec.file.endsWith("/*")
      ? contentType.startsWith(spec.file.slice(0, -1))
      : contentType === spec.file;
    return fits ? null : `a file must be ${spec.file} (was "${contentType}")`;
  }
  const bytes = Buffer.from(await response.clone().arrayBuffer());
  const text = (response.headers.get("content-encoding") === "gzip" ? gunzipSync(bytes) : bytes).toString();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "the body is not JSON";
  }
  const { success: _, data: envelopeData, ...besides } = body as Record<string, unknown>;
  const data = spec.raw ? body : envelopeData;
  if (!spec.raw && spec.alongside) {
    const out = spec.alongside.onDeepUndeclaredKey("reject")(besides);
    if (out instanceof type.errors) return out.summary;
  } else if (!spec.raw && Object.keys(besides).length > 0)
    return `undeclared fields beside data: ${Object.keys(besides).join(", ")}`;
  if (!strict) return data === null ? null : "data must be null";
  const out = strict(data);
  return out instanceof type.errors ? out.summary : null;
}

type ParsedOf<S> = S extends Type ? S["infer"] : undefined;

/** What a handler receives besides the context: the body and query, already validated. */
export type RouteInput<Body, Query> = { body: ParsedOf<Body>; query: ParsedOf<Query> };

export class ApiRouter {
  readonly app = new Hono<AppEnv>();
  readonly routes: RegisteredRoute[] = [];
  /**
   * Set outside production (see AppConfig.checkResponses): every success answer is checked against its
   * route's `response` schema, and one that drifted becomes a 500 with a log line naming the route, so a
   * test catches the drift instead of a client reading it. Unset, answers go out unread.
   */
  private responseCheckLogger: Logger | null = null;

  checkResponses(logger: Logger): void {
    this.responseCheckLogger = logger;
  }

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
      errors: [...new Set([...impliedErrors(registered, fullPath), ...spec.errors])],
    });
    let strict: Type | null | undefined;
    const run = async (c: Context<AppEnv>) => {
      // A path segment no stored text can hold (%00) names nothing; it must not reach a query as a parameter.
      if (!Object.values(c.req.param()).every(storable)) throw new Refusal("NOT_FOUND", "Not found");
      const query = (spec.query ? readQuery(c, spec.query) : undefined) as ParsedOf<Query>;
      const body = (
        spec.body ? await readJsonBody(c, spec.body, { perItem: spec.bodyPerItem }) : undefined
      ) as ParsedOf<Body>;
      const response = await handler(c, { body, query });
      const logger = this.responseCheckLogger;
      if (!logger) return response;
      // A raw body is a document for tools (OpenAPI), open to fields its schema does not name.
      strict ??=
        registered.response &&
        (spec.raw ? registered.response : registered.response.onDeepUndeclaredKey("reject"));
      const drift = await responseDrift(registered, strict, response);
      if (!drift) return response;
      logger.error(`${spec.method.toUpperCase()} ${fullPath} answered other than it declares: ${drift}`);
      return failure(c, "INTERNAL", "Something went wrong on our side");
    };
    if (spec.auth) this.app.on(spec.method.toUpperCase(), spec.path, this.guards[spec.auth], run);
    else this.app.on(spec.method.toUpperCase(), spec.path, run);
  }
}
