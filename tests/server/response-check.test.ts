import { type } from "arktype";
import type { MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ApiRouter, type RouteGuards } from "../../src/server/http/api-router";
import type { AppEnv } from "../../src/server/http/app-env";
import { ok } from "../../src/server/http/respond";
import type { Logger } from "../../src/server/logger";

const pass: MiddlewareHandler<AppEnv> = (_, next) => next();
const guards: RouteGuards = { user: pass, assistantKey: pass, presumedAssistantKey: pass };
const service = type({ name: "string", durationMinutes: "number.integer >= 1" });

/** A test-only app whose routes answer other than they declare, in the ways a handler can drift. */
function driftingApp(check: boolean) {
  const errors: string[] = [];
  const at = (level: string) => (message: string) => {
    if (level === "error") errors.push(message);
  };
  const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  const router = new ApiRouter("/api/test", guards);
  const route = (path: string, data: unknown, status: 200 | 201 = 200) =>
    router.add({ method: "get", path, summary: path, response: service, errors: [] }, (c) =>
      ok(c, data, status),
    );
  route("/right", { name: "Cleaning", durationMinutes: 60 });
  route("/wrong-type", { name: "Cleaning", durationMinutes: 60.5 });
  route("/renamed", { name: "Cleaning", duration: 60 });
  route("/leaks", { name: "Cleaning", durationMinutes: 60, priceCents: 12_000 });
  route("/status", { name: "Cleaning", durationMinutes: 60 }, 201);
  // Big enough that ok() gzips it: the check reads what goes over the wire.
  route("/gzipped", { name: "x".repeat(20_000), durationMinutes: 0 });
  router.add({ method: "get", path: "/null", summary: "null", response: null, errors: [] }, (c) =>
    ok(c, { deleted: true }),
  );
  if (check) router.checkResponses(logger);
  const app = new Hono<AppEnv>();
  app.route(router.basePath, router.app);
  const get = (path: string) => app.request(`/api/test${path}`, { headers: { "accept-encoding": "gzip" } });
  return { get, errors };
}

describe("response check (development and tests)", () => {
  it("lets an answer that matches its schema through unchanged", async () => {
    const { get, errors } = driftingApp(true);
    const response = await get("/right");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { name: "Cleaning", durationMinutes: 60 } });
    expect(errors).toEqual([]);
  });

  it.each([
    ["/wrong-type", /durationMinutes must be an integer/],
    ["/renamed", /durationMinutes must be a number/],
    ["/leaks", /priceCents must be removed/],
    ["/status", /status 201 is not among the declared 200/],
    ["/gzipped", /durationMinutes must be at least 1/],
    ["/null", /data must be null/],
  ])("turns %s into a 500 and a log line naming the route", async (path, reason) => {
    const { get, errors } = driftingApp(true);
    const response = await get(path);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      success: false,
      error: { code: "INTERNAL", message: "Something went wrong on our side" },
    });
    expect(errors).toEqual([expect.stringContaining(`GET /api/test${path} answered other than it declares`)]);
    expect(errors[0]).toMatch(reason);
  });

  it("reads no answer in production", async () => {
    const { get, errors } = driftingApp(false);
    const response = await get("/renamed");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { name: "Cleaning", duration: 60 } });
    expect(errors).toEqual([]);
  });
});
