import type { ApiErrorCode } from "@shared/error-codes";
import type { Type } from "arktype";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { readJsonBody } from "./read-json-body";

type Method = "get" | "post" | "put" | "patch" | "delete";

/** Everything the OpenAPI document says about a route; the router enforces the same facts it documents. */
export type RouteSpec<Body extends Type | undefined = Type | undefined> = {
  method: Method;
  /** Relative to the router's base path, in Hono syntax (`/calls/:id`). */
  path: string;
  summary: string;
  /** Requires `Authorization: Bearer <access token>`. */
  auth?: boolean;
  body?: Body;
  /** Schema of `data` in the success envelope; null when `data` is null. */
  response: Type | null;
  /** The body is `response` itself rather than an envelope (the OpenAPI document, read by tools). */
  raw?: boolean;
  /** Success status; 200 unless stated. */
  status?: 200 | 201;
  /** Headers the success response carries (documented only). */
  responseHeaders?: Record<string, string>;
  errors: { status: number; code: ApiErrorCode }[];
};

export type RegisteredRoute = RouteSpec & { fullPath: string };

/** Failures the app's middleware can answer on this route, so each route lists only its own. */
function impliedErrors(spec: RouteSpec): RouteSpec["errors"] {
  return [
    ...(spec.body ? [{ status: 400, code: "VALIDATION" as const }] : []),
    ...(spec.auth ? [{ status: 401, code: "UNAUTHENTICATED" as const }] : []),
    ...(spec.method !== "get" ? [{ status: 403, code: "FORBIDDEN_ORIGIN" as const }] : []),
    ...(spec.method !== "get" ? [{ status: 413, code: "PAYLOAD_TOO_LARGE" as const }] : []),
    { status: 500, code: "INTERNAL" as const },
  ];
}

type BodyOf<B> = B extends Type ? B["infer"] : undefined;

export class ApiRouter {
  readonly app = new Hono<AppEnv>();
  readonly routes: RegisteredRoute[] = [];

  constructor(
    readonly basePath: `/api${string}`,
    private readonly requireUser: MiddlewareHandler<AppEnv>,
  ) {}

  add<B extends Type | undefined = undefined>(
    spec: RouteSpec<B>,
    handler: (c: Context<AppEnv>, body: BodyOf<B>) => Response | Promise<Response>,
  ): void {
    this.routes.push({
      ...spec,
      fullPath: `${this.basePath}${spec.path === "/" ? "" : spec.path}`,
      errors: [...impliedErrors(spec), ...spec.errors],
    });
    const run = async (c: Context<AppEnv>) => {
      const body = (spec.body ? await readJsonBody(c, spec.body) : undefined) as BodyOf<B>;
      return handler(c, body);
    };
    if (spec.auth) this.app.on(spec.method.toUpperCase(), spec.path, this.requireUser, run);
    else this.app.on(spec.method.toUpperCase(), spec.path, run);
  }
}
