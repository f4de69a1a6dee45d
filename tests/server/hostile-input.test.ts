import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import { isOriginCheckExempt } from "../../src/server/http/origin-check";
import { TOOL_NAMES } from "../../src/server/integrations/assistant-tools";
import type { CallReport } from "../../src/shared/calls.schema";
import { connectCalendar, createCalendarAccessDouble } from "../support/calendar-access-double";
import { startFakeBotApi } from "../support/fake-bot-api";
import { startFakeGoogleCalendar } from "../support/fake-google-calendar";
import { startFakeGoogleOAuth } from "../support/fake-google-oauth";
import { connectRetell, connectVapi, fixtureText, retellSignature } from "../support/platform-deliveries";
import { type SignedIn, signUp } from "../support/server-accounts";
import { openPractice, type Practice, staffCreate } from "../support/server-bookings";
import { dataOf, reportCall } from "../support/server-calls";
import { startTestServer, type TestServer } from "../support/server-harness";

/**
 * Every route of the server's own OpenAPI document, sent hostile but plausible input: its documented example
 * (body, query) with one thing broken at a time, or something else entirely, by a signed-in business with a
 * service, a booking, a call and both voice platforms connected (their deliveries validly signed). Whatever it
 * is, the answer is never a 5xx, a refusal is the envelope with a message, and a refused write leaves the
 * tables as they were. The seed is fixed; FUZZ_SEED and FUZZ_RUNS (per route) explore further, and
 * FUZZ_LOG=error shows the server's stack of a 500.
 */

type Parameter = { name: string; in: "path" | "query"; required: boolean; example?: unknown };
type Operation = {
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { example?: unknown }> };
};
type Route = { method: string; path: string; operation: Operation };

let server: TestServer;
let fakes: { close(): Promise<void> }[];
let routes: Route[];
/** The business the requests are made for, and another whose ids they try. */
let ours: Tenant;
let theirs: Tenant;

type Tenant = Practice & {
  bookingId: string;
  callId: string;
  keyId: string;
  blackoutId: string;
  vapi: { _id: string; secret: string };
  retell: { _id: string; apiKey: string };
};

async function openTenant(): Promise<Tenant> {
  const practice = await openPractice(server);
  const { staff } = practice;
  const booking = await dataOf<{ _id: string }>(
    await staffCreate(server, practice, { startTime: "2026-03-03T15:00:00.000Z" }),
  );
  const call = await dataOf<{ _id: string }>(
    await reportCall(server, practice.key, {
      externalId: `call-${staff.user.businessId}`,
      callerNumber: "+1 718 555 0142",
      startedAt: "2026-03-02T10:04:05-05:00",
      status: "completed",
      durationSeconds: 60,
    } satisfies Partial<CallReport>),
  );
  const [key] = await dataOf<{ _id: string }[]>(
    await server.request("/api/assistant/keys", { accessToken: staff.accessToken }),
  );
  const blackout = await dataOf<{ id: string }>(
    await server.request("/api/availability/blackout-dates", {
      json: {
        startDate: "2026-12-24",
        endDate: "2026-12-28",
        startTime: null,
        endTime: null,
        reason: "Christmas",
      },
      accessToken: staff.accessToken,
    }),
  );
  return {
    ...practice,
    bookingId: booking._id,
    callId: call._id,
    keyId: key!._id,
    blackoutId: blackout.id,
    vapi: await connectVapi(server, staff),
    retell: await connectRetell(server, staff),
  };
}

beforeAll(async () => {
  // Telegram and Google Calendar configured (against fakes), so that their routes judge the input itself.
  const bot = await startFakeBotApi();
  const oauth = await startFakeGoogleOAuth();
  const calendar = await startFakeGoogleCalendar();
  fakes = [bot, oauth, calendar];
  const calendarAccess = createCalendarAccessDouble();
  server = await startTestServer({
    env: {
      ...bot.env,
      ...oauth.env,
      ...calendar.env,
      CALENDAR_TOKEN_KEY: randomBytes(32).toString("base64"),
      LOG_LEVEL: process.env.FUZZ_LOG ?? "silent",
    },
    calendarAccess: calendarAccess.access,
  });
  calendarAccess.bind(server);
  const doc = (await (await server.request("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method, path, operation })),
  );
  ours = await openTenant();
  theirs = await openTenant();
  await connectCalendar(server.db, ours.businessId, "owner@example.com", server.clock());
}, 60_000);
afterAll(async () => {
  await server.close();
  for (const fake of fakes) await fake.close();
});

// ---------------------------------------------------------------------------------------------- hostile values

/** Text JSON.stringify cannot write (a number out of JSON's range), put in place of its marker after stringify. */
const RAW = (text: string) => `\u0001raw:${text}\u0001`;
const rawJson = (value: unknown) =>
  JSON.stringify(value).replace(/"\\u0001raw:(.*?)\\u0001"/g, (_, text: string) => JSON.parse(`"${text}"`));

const deeply = (depth: number, leaf: unknown): unknown => {
  let node = leaf;
  for (let i = 0; i < depth; i++) node = i % 2 ? [node] : { a: node };
  return node;
};

const hostileStrings = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00",
  "😀",
  "x".repeat(5_000),
  "x".repeat(70_000),
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "0x1F",
  "1.5",
  "2026-02-30",
  "2026-13-01",
  "99999-01-01",
  "+275760-09-13T00:00:00.000Z",
  "-271821-04-19T00:00:00.000Z",
  "0000-01-01",
  "0001-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999Z",
  "2026-03-02T25:00:00Z",
  "2026-W10-1",
  "2026-060",
  "20260303T150000Z",
  "+0001-01-01T00:00:00Z",
  "-0001-01-01T00:00:00Z",
  "2026-03-02T10",
  "2026-03-02T10:00:00+99:00",
  "2026-03-02T10:00:00+14:00",
  "24:00",
  "23:60",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "not-a-uuid",
  "' or 1=1 --",
  "<script>alert(1)</script>",
  "%00",
  "__proto__",
  "constructor",
];
const hostileNumbers: unknown[] = [
  0,
  -1,
  -0,
  1.5,
  0.1,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  -1e308,
  1e-300,
  RAW("1e999"),
  RAW("-1e999"),
  RAW("1.0"),
  RAW("100000000000000000000000000000000000000"),
];
const hostileShapes: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  [null],
  { a: 1 },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  deeply(50, "x"),
  deeply(3_000, "\u0000"),
];

/** Another tenant's ids and ids of nothing, for fields that take an id. */
const foreignIds = () => [
  theirs.service._id,
  theirs.bookingId,
  theirs.callId,
  crypto.randomUUID(),
  ours.bookingId.toUpperCase(),
];

const hostileValue = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
    { weight: 3, arbitrary: fc.constantFrom(...hostileNumbers) },
    { weight: 2, arbitrary: fc.constantFrom(...hostileShapes) },
    { weight: 1, arbitrary: fc.constantFrom(...foreignIds()) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
    { weight: 1, arbitrary: fc.double() },
  );

// ---------------------------------------------------------------------------------------------- bodies

type Path = (string | number)[];

/** Every path into a JSON value (the value itself is []). */
function pathsOf(value: unknown, at: Path = []): Path[] {
  const inner =
    typeof value === "object" && value !== null
      ? Object.entries(value).flatMap(([key, item]) =>
          pathsOf(item, [...at, Array.isArray(value) ? Number(key) : key]),
        )
      : [];
  return [at, ...inner];
}

function setAt(value: unknown, path: Path, to: unknown | typeof REMOVE): unknown {
  if (path.length === 0) return to;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (to === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = to;
  return copy;
}
const REMOVE = Symbol("remove");

/** Our ids in place of the examples' (which name nothing here), so that a request gets past "no such service". */
const ourIds = (): Record<string, string> => ({ serviceId: ours.service._id, bookingId: ours.bookingId });

/** A route's own example body, with our ids; the sign-in's (which has none) a sign-in of ours. */
function exampleBody(route: Route): unknown {
  const example = route.path.startsWith("/api/auth/sign-")
    ? { email: ours.staff.user.email, password: "correct horse" }
    : route.operation.requestBody?.content["application/json"]?.example;
  const ids = ourIds();
  return JSON.parse(
    JSON.stringify(example ?? {}, (key, value) =>
      key in ids && typeof value === "string" ? ids[key] : value,
    ),
  );
}

/** The example with one thing changed: a value replaced, a field removed or added; or another body entirely. */
const bodyOf = (base: unknown) => {
  const fields = pathsOf(base).filter((path) => path.length > 0);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...pathsOf(base)), hostileValue())
        .map(([path, value]) => rawJson(setAt(base, path, value))),
    },
    ...(fields.length > 0
      ? [
          {
            weight: 1,
            arbitrary: fc.constantFrom(...fields).map((path) => rawJson(setAt(base, path, REMOVE))),
          },
        ]
      : []),
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom("extra", "__proto__", "\u0000", ""), hostileValue())
        .map(([key, value]) => rawJson({ ...(base as object), [key]: value })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "{",
        "[]",
        "null",
        '"text"',
        "1e999",
        '{"a":1,"a":2}',
        `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
        `{"x":"\\ud800"}`,
      ),
    },
  );
};

// ---------------------------------------------------------------------------------------------- paths, queries

/** What kind of id a path names, to try our own (to get past "not found"), theirs and ids of nothing. */
function idsFor(path: string, method: string): string[] {
  const kinds: [RegExp, (t: Tenant) => string][] = [
    [/^\/api\/assistant\/keys\//, (t) => t.keyId],
    [/^\/api\/(assistant\/)?bookings\//, (t) => t.bookingId],
    [/^\/api\/assistant-connections\//, (t) => t.vapi._id],
    [/^\/api\/integrations\/vapi\//, (t) => t.vapi._id],
    [/^\/api\/integrations\/retell\//, (t) => t.retell._id],
    [/^\/api\/calls\//, (t) => t.callId],
    [/^\/api\/availability\/blackout-dates\//, (t) => t.blackoutId],
    [/^\/api\/services\//, (t) => t.service._id],
  ];
  const of = kinds.find(([pattern]) => pattern.test(path))?.[1];
  // A deletion or a new secret of our own would leave the other requests nothing to work with.
  const own =
    of && method !== "delete" && !path.endsWith("/rotate-secret") ? [of(ours), of(ours), of(ours)] : [];
  return [...own, ...(of ? [of(theirs)] : []), crypto.randomUUID()];
}

const hostileSegments = [
  "not-a-uuid",
  "1",
  "-1",
  "%00",
  "%E0%A4%A",
  "%ED%A0%80",
  "%FF",
  "%F0%9F%98%80",
  "x".repeat(300),
  "'%20or%201=1",
  "00000000-0000-0000-0000-000000000000",
  "..%2F..%2Fhealth",
];

const segmentOf = (route: Route, name: string) =>
  name === "tool"
    ? fc.oneof(fc.constantFrom(...TOOL_NAMES), fc.constantFrom(...hostileSegments))
    : fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...idsFor(route.path, route.method)) },
        { weight: 1, arbitrary: fc.constantFrom(...hostileSegments) },
      );

const hostileQueryValues = () => [
  // A lone surrogate has no UTF-8 to percent-encode: its would-be bytes come below (%ED%A0%80).
  ...hostileStrings.filter((text) => text.length < 2_000 && !/\p{Cs}/u.test(text)).map(encodeURIComponent),
  "%",
  "%ZZ",
  "%E0%A4%A",
  "%ED%A0%80",
  "a%00",
  "true",
  "0",
  "100000000000",
  ...foreignIds(),
];

type QueryPair = [string, string];

/** The example query (its values as they go in a URL) with one parameter broken, repeated, emptied or added. */
function queryOf(route: Route) {
  const parameters = (route.operation.parameters ?? []).filter((p) => p.in === "query");
  const ids = ourIds();
  const base: QueryPair[] = parameters.flatMap((p) =>
    p.example === undefined
      ? []
      : [[p.name, encodeURIComponent(ids[p.name] ?? String(p.example))] as QueryPair],
  );
  const names = [...parameters.map((p) => p.name), "unknown"];
  const value = fc.constantFrom(...hostileQueryValues());
  return fc.oneof(
    fc.constant(base),
    fc
      .tuple(fc.constantFrom(...names), value)
      .map(([name, text]): QueryPair[] => [...base.filter(([n]) => n !== name), [name, text]]),
    fc.tuple(fc.constantFrom(...names), value).map(([name, text]): QueryPair[] => [...base, [name, text]]),
    fc.constantFrom(...names).map((name): QueryPair[] => [...base.filter(([n]) => n !== name), [name, ""]]),
    fc.constantFrom(...names).map((name): QueryPair[] => base.filter(([n]) => n !== name)),
  );
}

// ---------------------------------------------------------------------------------------------- requests

type Hostile = { segments: Record<string, string>; query: QueryPair[]; body: string | null };

function requestOf(route: Route): fc.Arbitrary<Hostile> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const segments = fc.record(Object.fromEntries(names.map((name) => [name, segmentOf(route, name)])));
  const webhook = route.path.startsWith("/api/integrations/");
  const body =
    route.operation.requestBody || webhook
      ? webhook
        ? fc.constantFrom(...webhookFixtures(route.path)).chain((fixture) => bodyOf(JSON.parse(fixture)))
        : bodyOf(exampleBody(route))
      : route.method === "get"
        ? fc.constant(null)
        : fc.oneof(fc.constant(null), bodyOf({}));
  return fc.record({ segments, query: queryOf(route), body });
}

/** The bodies a route's hostile ones are made from: its example, or the platform's own deliveries. */
const baseBodies = (route: Route): unknown[] =>
  route.path.startsWith("/api/integrations/")
    ? webhookFixtures(route.path).map((fixture) => JSON.parse(fixture))
    : route.operation.requestBody
      ? [exampleBody(route)]
      : [];

/** What the database is likeliest to refuse, or JavaScript to misread: each field gets one in turn. */
const NASTIEST = ["\u0000", "\ud800", "0000-01-01", "2026-W10-1", deeply(100, "x")];

/**
 * Every field of the route's bodies (each path into them) set to one of NASTIEST, one field at a time, with
 * our own ids in the path: run first, before the random requests, so each field is tried on every run.
 */
function fieldByField(route: Route): [Hostile][] {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const segments = Object.fromEntries(
    names.map((name) => [name, name === "tool" ? TOOL_NAMES[0]! : idsFor(route.path, route.method)[0]!]),
  );
  return baseBodies(route).flatMap((base) =>
    pathsOf(base)
      .filter((path) => path.length > 0)
      .map((path, index): [Hostile] => [
        { segments, query: [], body: rawJson(setAt(base, path, NASTIEST[index % NASTIEST.length])) },
      ]),
  );
}

function webhookFixtures(path: string): string[] {
  if (path.startsWith("/api/integrations/vapi/"))
    return [
      "end-of-call-report",
      "end-of-call-report-minimal",
      "status-update-in-progress",
      "status-update-ended",
      "conversation-update",
      "tool-calls",
    ].map((name) => fixtureText("vapi", name));
  if (path.includes("/tools")) return [fixtureText("retell", "custom-function")];
  return ["call_started", "call_ended", "call_analyzed", "transcript_updated"].map((name) =>
    fixtureText("retell", name),
  );
}

/** The credentials the route asks for: ours, valid, so that the input itself is what gets judged. */
function credentials(route: Route, as: SignedIn, body: string | null): Record<string, string> {
  const scheme = Object.keys(route.operation.security?.[0] ?? {})[0];
  if (scheme === "bearer") return { authorization: `Bearer ${as.accessToken}` };
  if (scheme === "assistantKey") return { "x-api-key": ours.key };
  if (route.path.startsWith("/api/integrations/vapi/"))
    return { authorization: `Bearer ${ours.vapi.secret}` };
  if (route.path.startsWith("/api/integrations/retell/"))
    return {
      "x-retell-signature": retellSignature(body ?? "", ours.retell.apiKey, server.clock().getTime()),
    };
  return {};
}

/** Rows per table, of every table. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await rawRows<{ name: string }>(
    server.db,
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%'`,
  );
  const [row] = await rawRows<Record<string, number>>(
    server.db,
    sql.raw(
      `select ${tables.map(({ name }) => `(select count(*)::int from "${name}") as "${name}"`).join(", ")}`,
    ),
  );
  return row!;
}

/**
 * What a refused request may still write: a platform's refused delivery, kept for the owner to read, and a
 * failed sign-in, counted against its address; and what the calendar delivery writes meanwhile, in the
 * background, of the bookings made before.
 */
const WRITTEN_ON_REFUSAL = new Set([
  "assistant_deliveries",
  "auth_throttle",
  "calendar_events",
  "calendar_busy",
]);

/**
 * Routes that end the caller's session or business, or a connection the later routes use: each runs as a
 * business of its own.
 */
const UNDOING = new Set([
  "post /api/auth/sign-out-everywhere",
  "post /api/privacy/delete-business",
  "post /api/calendar/disconnect",
  "post /api/telegram/disconnect",
]);

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);

describe("hostile input to every route of the OpenAPI document", () => {
  it("covers the routes this test means to (portal, assistant, webhooks)", () => {
    expect(routes.length).toBeGreaterThan(70);
    expect(routes.map((r) => r.path)).toContain("/api/integrations/retell/{id}/tools/{tool}");
  });

  it("answers each route's hostile requests below 500, refusals in the envelope, writing nothing", async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const as = UNDOING.has(`${route.method} ${route.path}`) ? await signUp(server) : ours.staff;
      const examples = fieldByField(route);
      try {
        await fc.assert(
          fc.asyncProperty(requestOf(route), (hostile) => sendAndCheck(route, as, hostile)),
          {
            seed: Number(process.env.FUZZ_SEED ?? 20261128),
            // The examples count among the runs.
            numRuns: examples.length + RUNS_PER_ROUTE,
            examples,
            endOnFailure: true,
          },
        );
      } catch (error) {
        const { cause } = error as Error;
        failures.push(cause instanceof Error ? cause.message.split("\n")[0]! : `${error}`);
      }
    }
    expect(failures).toEqual([]);
  }, 1_200_000);
});

async function sendAndCheck(route: Route, as: SignedIn, { segments, query, body }: Hostile) {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name]!);
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join("&");
  const target = `${path}${search ? `?${search}` : ""}`;
  const before = route.method === "get" ? null : await tableCounts();
  const response = await server.request(target, {
    method: route.method.toUpperCase(),
    ...(body !== null && { body }),
    headers: {
      ...(body !== null && { "content-type": "application/json" }),
      ...credentials(route, as, body),
    },
    // As the voice assistant and the platforms call: server to server, without an Origin.
    origin: isOriginCheckExempt(route.path) ? null : undefined,
  });
  const text = await response.text();
  const said = `${route.method.toUpperCase()} ${target.slice(0, 300)} ${body?.slice(0, 300) ?? ""} → ${response.status} ${text.slice(0, 200)}`;
  expect(response.status, said).toBeLessThan(500);
  // A tool call that failed on our side is answered 200 for the model, in words that say so.
  expect(text, said).not.toMatch(/went wrong/i);
  if (response.status < 400) return;
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = text;
  }
  expect(envelope, said).toMatchObject({ success: false, error: { message: expect.stringMatching(/\S/) } });
  if (!before) return;
  const after = await tableCounts();
  const changed = Object.keys(after).filter(
    (table) => after[table] !== before[table] && !WRITTEN_ON_REFUSAL.has(table),
  );
  expect(changed, said).toEqual([]);
}
