import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses } from "../../src/server/db/schema/businesses.schema";
import { calls } from "../../src/server/db/schema/calls.schema";
import { users } from "../../src/server/db/schema/users.schema";
import {
  connectRetell,
  connectVapi,
  deliverRetell,
  deliverRetellTool,
  deliverVapi,
  fixtureText,
  fixtureWith,
  listConnections,
  retellToolBody,
  vapiToolCallsBody,
} from "../support/platform-deliveries";
import { uniqueEmail } from "../support/server-accounts";
import { openPractice } from "../support/server-bookings";
import { readEnvelope, serverForFile } from "../support/server-harness";

const server = serverForFile();

const counts = async () => ({
  businesses: await server.db.$count(businesses),
  users: await server.db.$count(users),
});

const signUpRaw = (body: string, contentType = "application/json") =>
  server.request("/api/auth/sign-up", { method: "POST", body, headers: { "content-type": contentType } });

describe("bad input to POST /api/auth/sign-up", () => {
  const valid = () => ({ email: uniqueEmail(), password: "long enough" });
  const cases: [string, () => Promise<Response>, number, RegExp][] = [
    ["malformed JSON", () => signUpRaw('{"email": "a@b.co", '), 400, /not valid JSON/],
    [
      "a wrong type",
      () => signUpRaw(JSON.stringify({ ...valid(), email: 42 })),
      400,
      /^email must be a string/,
    ],
    [
      "a missing field",
      () => signUpRaw(JSON.stringify({ email: uniqueEmail() })),
      400,
      /^password must be a string \(was missing\)/,
    ],
    [
      "an unknown field",
      () => signUpRaw(JSON.stringify({ ...valid(), role: "admin" })),
      400,
      /^role must be removed/,
    ],
    [
      "an invalid email",
      () => signUpRaw(JSON.stringify({ ...valid(), email: "not-an-email" })),
      400,
      /^email must be an email/,
    ],
    [
      "a NUL character (PostgreSQL text cannot hold one)",
      () => signUpRaw(JSON.stringify({ ...valid(), password: "long enough\u0000" })),
      400,
      /^password contains a NUL character/,
    ],
    [
      "half of a surrogate pair",
      () => signUpRaw(`{"email": "${uniqueEmail()}", "password": "long enough \\udc00"}`),
      400,
      /^password contains .* an unpaired surrogate/,
    ],
    ["a body that is not an object", () => signUpRaw("null"), 400, /^The request body must be an object/],
    ["an empty body", () => signUpRaw(""), 400, /not valid JSON/],
    [
      "a wrong content type",
      () => signUpRaw(JSON.stringify(valid()), "text/plain"),
      400,
      /Content-Type must be application\/json/,
    ],
    [
      "a form post",
      () => signUpRaw("email=a%40b.co&password=long+enough", "application/x-www-form-urlencoded"),
      400,
      /Content-Type/,
    ],
    [
      "a body over 64 KiB",
      () => signUpRaw(JSON.stringify({ ...valid(), password: "x".repeat(70_000) })),
      413,
      /exceeds 65536 bytes/,
    ],
  ];

  it.each(cases)(
    "refuses %s with an envelope naming the problem, and writes nothing",
    async (_, send, status, message) => {
      const before = await counts();
      const response = await send();
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await readEnvelope(response);
      if (body.success) throw new Error("expected a failure");
      expect(body.error.code).toBe(status === 413 ? "PAYLOAD_TOO_LARGE" : "VALIDATION");
      expect(body.error.message).toMatch(message);
      expect(await counts()).toEqual(before);
    },
  );

  it("refuses a streamed body of no declared length once it passes 64 KiB, and writes nothing", async () => {
    const before = await counts();
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await server.request("/api/auth/sign-up", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await readEnvelope(response)).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
    expect(await counts()).toEqual(before);
  });

  it("accepts JSON with a charset parameter", async () => {
    const response = await signUpRaw(JSON.stringify(valid()), "application/json; charset=utf-8");
    expect(response.status).toBe(201);
  });
});

describe("the e-mail address of a sign-up (the portal's field and the server share one rule)", () => {
  const long = "long enough";
  it.each([
    ["a domain label starting with a hyphen", "a@-gamma.com"],
    ["a domain label ending with a hyphen", "w@a-.com"],
    ["an empty domain label", "a@gamma..com"],
    ["a domain of hyphens alone (whose business would have no name)", "x@-.com"],
    ["a local part starting with a dot", ".a@gamma.com"],
    ["a local part ending with a dot", "a.@gamma.com"],
    ["two dots in a row", "a..b@gamma.com"],
    ["a local part over 64 characters", `${"a".repeat(65)}@gamma.com`],
    ["no top-level domain", "me@localhost"],
  ])("refuses %s with 400 naming the field, and creates nothing", async (_, email) => {
    const before = await counts();
    const response = await signUpRaw(JSON.stringify({ email, password: long }));
    expect(response.status).toBe(400);
    expect(await readEnvelope(response)).toEqual({
      success: false,
      error: {
        code: "VALIDATION",
        field: "email",
        message: `email must be an email address (was "${email}")`,
      },
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ["a local part of 64 characters", `${"a".repeat(64)}-${Date.now()}`.slice(-64)],
    ["the characters the browser's field allows", `o'brien+calls.${Date.now()}`],
  ])("accepts %s", async (_, local) => {
    const response = await signUpRaw(
      JSON.stringify({ email: `${local}@mail.gamma-beta.co.uk`, password: long }),
    );
    expect(response.status).toBe(201);
  });
});

describe("the field a VALIDATION failure names (error.field, for the client's own words)", () => {
  const long = "long enough";
  it.each([
    ["an address the browser lets through", { email: "me@localhost", password: long }, "email"],
    ["a short password", { email: "ada@example.com", password: "short" }, "password"],
    ["a missing field", { email: "ada@example.com" }, "password"],
    ["an unknown field", { email: "ada@example.com", password: long, role: "admin" }, "role"],
    ["a NUL character", { email: "ada@example.com", password: `${long}\u0000` }, "password"],
    ["a body that is not an object", null, undefined],
  ])("%s", async (_, body, field) => {
    const response = await signUpRaw(JSON.stringify(body));
    expect(response.status).toBe(400);
    const envelope = await readEnvelope(response);
    if (envelope.success) throw new Error("expected a failure");
    expect(envelope.error.code).toBe("VALIDATION");
    expect(envelope.error.field).toBe(field);
  });

  it("is absent when no field is at fault (the body is not JSON)", async () => {
    const envelope = await readEnvelope(await signUpRaw("{"));
    expect(envelope).toEqual({
      success: false,
      error: { code: "VALIDATION", message: "The request body is not valid JSON" },
    });
  });
});

describe("atomic writes", () => {
  it("two sign-ups racing for one email create exactly one business and one user", async () => {
    const email = uniqueEmail("race");
    const before = await counts();
    const responses = await Promise.all(
      [1, 2].map(() => server.request("/api/auth/sign-up", { json: { email, password: "long enough" } })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await counts()).toEqual({ businesses: before.businesses + 1, users: before.users + 1 });
  });
});

describe("unknown routes", () => {
  it("answers an unknown /api path with a 404 envelope", async () => {
    for (const [method, path] of [
      ["GET", "/api/nothing-here"],
      ["POST", "/api/auth/nothing"],
      ["GET", "/api/auth/sign-in"],
      ["GET", "/api"],
    ] as const) {
      const response = await server.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({
        success: false,
        error: { code: "NOT_FOUND", message: "Not found" },
      });
    }
  });
});

describe("a body nested thousands of levels deep", () => {
  // arktype prints a refused value whole in its message: a status 3,000 levels deep overflowed the stack.
  const report = (status: string) =>
    `{"externalId": "deep-1", "callerNumber": "+1 718 555 0142", "startedAt": "2026-03-02T10:04:05-05:00", "status": ${status}}`;
  const deep = `${"[".repeat(3_000)}${"]".repeat(3_000)}`;
  const post = (path: string, body: string, key: string) =>
    server.request(path, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "x-api-key": key },
    });

  it.each([
    ["/api/assistant/calls", report(deep)],
    ["/api/assistant/calls/import", `{"calls": [${report(deep)}]}`],
  ])("POST %s is refused as such, and writes nothing", async (path, body) => {
    const practice = await openPractice(server);
    const response = await post(path, body, practice.key);
    expect(response.status).toBe(400);
    expect(await readEnvelope(response)).toEqual({
      success: false,
      error: { code: "VALIDATION", message: "The request body nests deeper than 64 levels" },
    });
    expect(await server.db.$count(calls, eq(calls.businessId, practice.businessId))).toBe(0);
  });

  it("is judged by its shape below that depth", async () => {
    const practice = await openPractice(server);
    const response = await post(
      "/api/assistant/calls",
      report(`${"[".repeat(60)}${"]".repeat(60)}`),
      practice.key,
    );
    expect(response.status).toBe(400);
    expect(await readEnvelope(response)).toMatchObject({ error: { field: "status" } });
    expect((await post("/api/assistant/calls", report('"completed"'), practice.key)).status).toBe(201);
  });
});

describe("a platform's delivery nested thousands of levels deep", () => {
  // Retell's tool call is identified by a hash of its body written out again: 20,000 levels overflowed the stack.
  const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
  const TOO_DEEP = "The request body nests deeper than 64 levels";

  it("is refused as unreadable: a Retell tool call answered with why, a Vapi report with a 400", async () => {
    const { staff } = await openPractice(server);
    const retell = await connectRetell(server, staff);
    const tool = fixtureText("retell", "custom-function").replace('"metadata": {}', `"metadata": ${deep}`);
    const answer = await deliverRetellTool(server, retell, tool, "find_free_slots");
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ error: TOO_DEEP });

    const vapi = await connectVapi(server, staff);
    const report = fixtureText("vapi", "end-of-call-report").replace(/^\{/, `{"deep": ${deep},`);
    const refused = await deliverVapi(server, vapi, report);
    expect(refused.status).toBe(400);
    expect(await readEnvelope(refused)).toEqual({
      success: false,
      error: { code: "VALIDATION", message: TOO_DEEP },
    });
    const deliveries = await listConnections(server, staff);
    expect(deliveries.flatMap((c) => c.recentDeliveries.map((d) => d.reasonCode))).toEqual([
      "unreadable_payload",
      "unreadable_payload",
    ]);
  });
});

describe("a platform's tool call holding text no database holds (a NUL, half a surrogate pair)", () => {
  const book = { service: "Cleaning", startTime: "2026-03-03T10:00:00-05:00", customerName: "Ada\u0000" };
  it.each([
    ["a Vapi tool's name", vapiToolCallsBody([{ name: "get_business_info\u0000", args: {} }])],
    ["a Vapi tool's name", vapiToolCallsBody([{ name: "get_business_info\ud800", args: {} }])],
    ["a Vapi argument", vapiToolCallsBody([{ name: "book_appointment", args: book }])],
    [
      "Vapi's call id",
      vapiToolCallsBody([{ name: "get_business_info", args: {} }], { "message.call.id": "c\u0000" }),
    ],
    [
      "Vapi's caller number",
      vapiToolCallsBody([{ name: "list_caller_bookings", args: {} }], {
        "message.customer.number": "+1\u0000",
      }),
    ],
  ])("is answered, not a 500: %s", async (_, body) => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const response = await deliverVapi(server, vapi, body);
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: { result?: string; error?: string }[] };
    expect(results).toHaveLength(1);
    expect(results[0]!.error ?? "").not.toMatch(/went wrong/);
  });

  it.each([
    ["Retell's function name", retellToolBody("get_business_info\u0000", {}), undefined],
    [
      "Retell's call id",
      retellToolBody("get_business_info", {}, { "call.call_id": "c\u0000" }),
      "get_business_info",
    ],
    [
      "Retell's caller number",
      retellToolBody("list_caller_bookings", {}, { "call.from_number": "+1\u0000" }),
      "list_caller_bookings",
    ],
    ["a Retell argument", retellToolBody("book_appointment", book), "book_appointment"],
  ])("is answered, not a 500: %s", async (_, body, tool) => {
    const practice = await openPractice(server);
    const retell = await connectRetell(server, practice.staff);
    const response = await deliverRetellTool(server, retell, body, tool);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { error?: string }).error ?? "").not.toMatch(/went wrong/);
  });
});

describe("a platform's call id holding text no database holds", () => {
  it.each([
    ["Retell's, half a surrogate pair", "retell", "\ud800"],
    ["Retell's, a NUL", "retell", "c\u0000"],
    ["Vapi's, a NUL", "vapi", "c\u0000"],
  ] as const)("is stored as text can be, not a 500: %s", async (_, platform, callId) => {
    const { staff } = await openPractice(server);
    const response =
      platform === "retell"
        ? await deliverRetell(
            server,
            await connectRetell(server, staff),
            fixtureWith("retell", "call_ended", { "call.call_id": callId }),
          )
        : await deliverVapi(
            server,
            await connectVapi(server, staff),
            fixtureWith("vapi", "end-of-call-report", { "message.call.id": callId }),
          );
    expect(response.status).toBe(200);
    expect(await readEnvelope(response)).toEqual({ success: true, data: { result: "accepted" } });
  });
});

describe("a path segment that no stored text can hold", () => {
  it("is not found, on a route that stores what it names (Retell's tool of name %00)", async () => {
    const { staff } = await openPractice(server);
    const retell = await connectRetell(server, staff);
    const body = fixtureText("retell", "custom-function");
    const response = await deliverRetellTool(server, retell, body, "%00");
    expect(response.status).toBe(404);
    expect(await readEnvelope(response)).toEqual({
      success: false,
      error: { code: "NOT_FOUND", message: "Not found" },
    });
  });
});
