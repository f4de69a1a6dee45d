import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { CalendarAccess } from "../../src/server/calendar/calendar-access";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/database";
import { startServer } from "../../src/server/start-server";
import type { ApiEnvelope } from "../../src/shared/envelope";
import { UNREACHABLE_RECORDING_HOSTS } from "./recording-hosts";
import { createTestClock, type TestClock } from "./server-clock";
import { openTestDatabase } from "./server-database";

export type TestRequestInit = RequestInit & {
  /** Sent as the JSON body with Content-Type: application/json. */
  json?: unknown;
  /** The Origin header; defaults to the server's own origin on unsafe methods; null leaves it out. */
  origin?: string | null;
  /** The refresh cookie to send. */
  refreshCookie?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  accessToken?: string;
};

export type TestServer = {
  url: string;
  db: Database;
  driver: "pglite" | "postgres";
  /** The PostgreSQL database's URL, for a second instance's pool; null on PGlite (one connection). */
  databaseUrl: string | null;
  clock: TestClock;
  /** Runs the server's scheduled jobs due at the clock's time, without waiting for its next tick. */
  runDue(): Promise<string[]>;
  /** The HS256 key the server signs access tokens with, for tests that forge tokens. */
  jwtSecret: string;
  request(path: string, init?: TestRequestInit): Promise<Response>;
  close(): Promise<void>;
};

/** Extra environment for the server under test (e.g. TRUST_PROXY, STATIC_DIR, APP_ORIGIN). */
export type TestServerOptions = {
  clock?: TestClock;
  env?: Record<string, string>;
  /** The server's way into Google Calendars (a test double of the OAuth side). */
  calendarAccess?: CalendarAccess;
};

/** A sign-up limit no test reaches (SIGN_UP_LIMIT): the suites' tests each sign up accounts of their own. */
export const MANY_SIGN_UPS = "1000000";

/** The real app over real HTTP on 127.0.0.1, on a database of its own, with a clock the test moves. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const clock = options.clock ?? createTestClock();
  const jwtSecret = randomBytes(32).toString("hex");
  const database = await openTestDatabase();
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: join(tmpdir(), "calldesk-unused-data-dir"),
    STATIC_DIR: "",
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: "silent",
    // Every test signs up accounts of its own, all from 127.0.0.1; sign-up-throttle.test.ts unsets this.
    SIGN_UP_LIMIT: MANY_SIGN_UPS,
    // Tests of concurrency open a hundred requests at once, all from 127.0.0.1 (fetch's pool keeps more open
    // still); connection-limits.test.ts sets its own limits.
    MAX_CONNECTIONS_PER_ADDRESS: "1000",
    ...UNREACHABLE_RECORDING_HOSTS,
    ...options.env,
  });
  const server = await startServer({
    config,
    database: database.handle,
    clock,
    seedDemo: false,
    calendarAccess: options.calendarAccess ?? null,
  });

  const request = requestTo(server.url);

  return {
    url: server.url,
    db: server.db,
    driver: database.driver,
    databaseUrl: database.url,
    clock,
    runDue: server.runDue,
    jwtSecret,
    request,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}

/**
 * The test file's server: started before its first test, closed after its last. The object is there at once,
 * so the file can hold it in a `const`; what it reads goes to the started server, so read it in tests and hooks.
 */
export function serverForFile(options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(() => started?.close());
  const current = () => {
    if (!started)
      throw new Error("The file's test server is read before it started: read it in a test or hook.");
    return started;
  };
  return {
    get url() {
      return current().url;
    },
    get db() {
      return current().db;
    },
    get driver() {
      return current().driver;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    get clock() {
      return current().clock;
    },
    get jwtSecret() {
      return current().jwtSecret;
    },
    runDue: () => current().runDue(),
    request: (path, init) => current().request(path, init),
    close: () => current().close(),
  };
}

/** What the API helpers (sign-up, bookings, …) need of a server: a way to ask it. */
export type Requester = Pick<TestServer, "request">;

/** Requests to the server at `url` (no trailing slash), with the test's conveniences (TestRequestInit). */
export function requestTo(url: string): TestServer["request"] {
  return (path, init = {}) => {
    const { json, origin, refreshCookie, accessToken, ...rest } = init;
    const headers = new Headers(rest.headers);
    const method = (rest.method ?? (json === undefined ? "GET" : "POST")).toUpperCase();
    if (json !== undefined) headers.set("content-type", "application/json");
    if (origin !== null && !["GET", "HEAD"].includes(method) && !headers.has("origin")) {
      headers.set("origin", origin ?? url);
    }
    if (refreshCookie) headers.set("cookie", `calldesk_refresh=${refreshCookie}`);
    if (accessToken) headers.set("authorization", `Bearer ${accessToken}`);
    return fetch(`${url}${path}`, {
      ...rest,
      method,
      headers,
      ...(json !== undefined && { body: JSON.stringify(json) }),
    });
  };
}

export async function readEnvelope<T = unknown>(response: Response): Promise<ApiEnvelope<T>> {
  return (await response.json()) as ApiEnvelope<T>;
}

/** The value of the refresh cookie a response set ("" when it cleared it), or undefined when it set none. */
export function refreshCookieOf(response: Response): string | undefined {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("calldesk_refresh="));
  return cookie?.split(";")[0]?.slice("calldesk_refresh=".length);
}

export const accessTokenOf = (response: Response) =>
  response.headers.get("authorization")?.replace(/^Bearer /, "") ?? undefined;
