import { request as httpRequest } from "node:http";
import { sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import {
  callOf,
  connectRetell,
  connectVapi,
  deliver,
  deliverRetell,
  deliverVapi,
  fixtureText,
  fixtureWith,
  listConnections,
  retellSignature,
  vapiHmacHeaders,
} from "../support/platform-deliveries";
import { type SignedIn, signUp } from "../support/server-accounts";
import { MINUTE, SECOND } from "../support/server-clock";
import { readEnvelope, serverForFile, startTestServer, type TestServer } from "../support/server-harness";
import { statementsDuring } from "../support/statement-count";

const server = serverForFile();

const VAPI_CALL = "vapi:73a6da0f-c455-4bb6-bf4a-5f0634871430";
const RETELL_CALL = "retell:Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6";

const resultOf = async (response: Response) => {
  const body = await readEnvelope<{ result: string }>(response);
  return body.success
    ? body.data.result
    : `${response.status} ${body.error.code} ${body.error.field ?? ""}`.trim();
};

const callCount = async (staff: SignedIn) => {
  const [row] = await rawRows<{ n: number }>(
    server.db,
    sql`select count(*)::int as n from calls where business_id = ${staff.user.businessId}::uuid`,
  );
  return row!.n;
};

const missedRows = async (staff: SignedIn) => {
  const [row] = await rawRows<{ n: number }>(
    server.db,
    sql`select count(*)::int as n from outbox where business_id = ${staff.user.businessId}::uuid and topic = 'call.missed'`,
  );
  return row!.n;
};

/**
 * Posts the start of a body to `path` and sends no more (the length declared, or chunked when `length` is
 * null): what the server answers meanwhile, the request left open until the test ends.
 */
const answerBeforeBody = (target: TestServer, path: string, length: number | null) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(new URL(path, target.url), {
      method: "POST",
      headers: { "content-type": "application/json", ...(length !== null && { "content-length": length }) },
    });
    onTestFinished(() => {
      request.destroy();
    });
    request.on("error", reject);
    request.on("response", async (response) => {
      let text = "";
      for await (const chunk of response) text += chunk;
      resolve({ status: response.statusCode!, text });
    });
    request.write(`{"message":{"type":"end-of-call-report","summary":"${"x".repeat(64 * 1024)}`);
  });

const PLATFORM_BODY_LIMIT = 4 * 1024 * 1024;

const deliveriesOf = async (staff: SignedIn) => (await listConnections(server, staff))[0]!.recentDeliveries;

describe("Vapi server messages", () => {
  it("stores a status update as a call in progress, then the end-of-call report as the whole call", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    expect(
      await resultOf(await deliverVapi(server, vapi, fixtureText("vapi", "status-update-in-progress"))),
    ).toBe("accepted");
    expect(await callOf(server, staff, VAPI_CALL)).toMatchObject({
      status: "in-progress",
      fromNumber: "+14155550142",
      startTime: "2026-03-02T11:58:13.877Z",
    });

    expect(await resultOf(await deliverVapi(server, vapi, fixtureText("vapi", "end-of-call-report")))).toBe(
      "accepted",
    );
    const call = await callOf(server, staff, VAPI_CALL);
    expect(call).toMatchObject({
      externalId: VAPI_CALL,
      fromNumber: "+14155550142",
      startTime: "2026-03-02T11:58:13.877Z",
      // No duration field in Vapi's report: 11:58:13.877 to 12:00:39.120.
      duration: 145,
      status: "completed",
      outcome: null,
      summary: expect.stringContaining("Friday afternoon haircut"),
      recordingUrl:
        "https://storage.vapi.ai/73a6da0f-c455-4bb6-bf4a-5f0634871430-1772452841902-4f1c2b3a-mono.wav",
      recordingOff: false,
    });
    // The system prompt is no turn of the conversation.
    expect(call!.transcript).toEqual([
      { speaker: "assistant", text: expect.stringContaining("Bella Hair Studio"), offsetSeconds: 0.633 },
      { speaker: "caller", text: expect.stringContaining("Friday afternoon"), offsetSeconds: 5.543 },
      { speaker: "assistant", text: expect.stringContaining("half past four"), offsetSeconds: 11.223 },
      { speaker: "caller", text: "Great, thanks, I'll call back to confirm.", offsetSeconds: 17.143 },
    ]);
    const [connection] = await listConnections(server, staff);
    expect(connection!.lastEventAt).toBe(server.clock().toISOString());
    expect(connection!.recentDeliveries.map((d) => [d.event, d.result])).toEqual([
      ["end-of-call-report", "accepted"],
      ["status-update:in-progress", "accepted"],
    ]);
  });

  it("takes a repeated report as a duplicate that changes nothing, and a late status update as stale", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    await deliverVapi(server, vapi, fixtureText("vapi", "end-of-call-report"));
    const again = fixtureWith("vapi", "end-of-call-report", { "message.analysis.summary": "Rewritten." });
    expect(await resultOf(await deliverVapi(server, vapi, again))).toBe("duplicate");
    expect(
      await resultOf(await deliverVapi(server, vapi, fixtureText("vapi", "status-update-in-progress"))),
    ).toBe("accepted");
    expect(await callOf(server, staff, VAPI_CALL)).toMatchObject({
      status: "completed",
      summary: expect.stringContaining("Friday afternoon haircut"),
    });
    expect(await callCount(staff)).toBe(1);
    expect((await deliveriesOf(staff)).map((d) => d.result)).toEqual(["accepted", "duplicate", "accepted"]);
  });

  it("accepts the legacy X-Vapi-Secret and an HMAC credential (timestamp in ms or s), within 5 minutes", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    const body = fixtureText("vapi", "status-update-in-progress");
    const send = (headers: Record<string, string>, text = body) =>
      deliver(server, "vapi", vapi._id, text, headers);
    const now = server.clock().getTime();
    expect((await send({ "x-vapi-secret": vapi.secret })).status).toBe(200);
    expect((await send({ authorization: vapi.secret })).status).toBe(200);
    expect((await send(vapiHmacHeaders(body, vapi.secret, now))).status).toBe(200);
    expect((await send(vapiHmacHeaders(body, vapi.secret, Math.floor(now / 1000)))).status).toBe(200);

    const refused = [
      await send({ authorization: `Bearer ${vapi.secret}x` }),
      await send({ "x-vapi-secret": vapi.secret.slice(0, -1) }),
      await send({}),
      // One byte of the body changed after signing.
      await send(vapiHmacHeaders(body, vapi.secret, now), body.replace('"in-progress"', '"in-progrest"')),
      await send(vapiHmacHeaders(body, vapi.secret, now - 5 * MINUTE - SECOND)),
      await send(vapiHmacHeaders(body, vapi.secret, now + 5 * MINUTE + SECOND)),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
    // The list holds the latest five, newest first, each with the code the card words it by.
    expect((await deliveriesOf(staff)).map((d) => [d.result, d.event, d.reasonCode])).toEqual([
      ["refused", null, "stale_timestamp"],
      ["refused", null, "stale_timestamp"],
      ["refused", null, "bad_signature"],
      ["refused", null, "no_credential"],
      ["refused", null, "wrong_secret"],
    ]);
    expect((await deliveriesOf(staff))[0]!.reason).toContain("5 minutes");
  });

  it("ignores message types it keeps nothing of, and stores a report that says only its call", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    expect(await resultOf(await deliverVapi(server, vapi, fixtureText("vapi", "conversation-update")))).toBe(
      "ignored",
    );
    expect(await callCount(staff)).toBe(0);
    expect((await listConnections(server, staff))[0]!.lastEventAt).toBe(server.clock().toISOString());

    expect(
      await resultOf(await deliverVapi(server, vapi, fixtureText("vapi", "end-of-call-report-minimal"))),
    ).toBe("accepted");
    expect(await callOf(server, staff, VAPI_CALL)).toMatchObject({
      status: "completed",
      fromNumber: "unknown",
      startTime: server.clock().toISOString(),
      transcript: [],
      recordingUrl: null,
    });
  });

  it("maps each ended reason to a status once, and stores an unknown one as completed", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    const endedWith = async (id: string, reason: string) => {
      await deliverVapi(
        server,
        vapi,
        fixtureWith("vapi", "end-of-call-report", { "message.call.id": id, "message.endedReason": reason }),
      );
      const { status, outcome } = (await callOf(server, staff, `vapi:${id}`))!;
      return [status, outcome];
    };
    expect(await endedWith("a", "customer-did-not-answer")).toEqual(["missed", "no-action"]);
    expect(await endedWith("b", "pipeline-error-openai-llm-failed")).toEqual(["failed", "no-action"]);
    expect(await endedWith("c", "call.in-progress.error-vapifault-worker-died")).toEqual([
      "failed",
      "no-action",
    ]);
    expect(await endedWith("d", "assistantEndedCall")).toEqual(["completed", null]);
    expect(await endedWith("e", "a-reason-from-next-year")).toEqual(["completed", null]);
    expect(await endedWith("f", "constructor")).toEqual(["completed", null]);
    expect(await missedRows(staff)).toBe(1);
  });

  it("takes two statements a delivery: its connection's, then one recording it with its call (a repeat alike)", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    const report = (i: number) =>
      fixtureWith("vapi", "end-of-call-report", {
        "message.call.id": `5d2e7c1a-0000-4000-8000-${String(i).padStart(12, "0")}`,
      });
    const statements = async (body: string, result: string) =>
      statementsDuring(server, async () =>
        expect(await resultOf(await deliverVapi(server, vapi, body))).toBe(result),
      );
    const firsts: (number | null)[] = [];
    const repeats: (number | null)[] = [];
    for (let i = 0; i < 3; i++) firsts.push(await statements(report(i), "accepted"));
    for (let i = 0; i < 3; i++) repeats.push(await statements(report(i), "duplicate"));
    expect(await callCount(staff)).toBe(3);
    if (server.driver !== "pglite") return;
    // The fewest of three: the scheduler's tick may add statements of its own now and then.
    expect(Math.min(...(firsts as number[]))).toBe(2);
    expect(Math.min(...(repeats as number[]))).toBe(2);
  });

  it("accepts one of a delivery sent several times at once, beside others (sharing statements or not)", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    const report = fixtureText("vapi", "end-of-call-report");
    const answers = await Promise.all(
      [
        ...Array.from({ length: 4 }, () => deliverVapi(server, vapi, report)),
        deliverVapi(server, vapi, fixtureText("vapi", "status-update-in-progress")),
        deliver(server, "vapi", vapi._id, report, { authorization: "Bearer wrong" }),
      ].map(async (answer) => resultOf(await answer)),
    );
    expect(answers.slice(0, 4).sort()).toEqual(["accepted", "duplicate", "duplicate", "duplicate"]);
    expect(answers.slice(4)).toEqual(["accepted", "401 UNAUTHENTICATED"]);
    expect(await callCount(staff)).toBe(1);
    // The status update is stale whichever came first: the finished call stands.
    expect(await callOf(server, staff, VAPI_CALL)).toMatchObject({ status: "completed", duration: 145 });
    const stored = await rawRows<{ result: string; n: number }>(
      server.db,
      sql`select result, count(*)::int as n from assistant_deliveries
        where connection_id = ${vapi._id}::uuid group by result order by result`,
    );
    expect(stored).toEqual([
      { result: "accepted", n: 2 },
      { result: "duplicate", n: 3 },
      { result: "refused", n: 1 },
    ]);
  });

  it("takes an end-of-call report larger than the API's other bodies, up to 4 MiB", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    const said = { role: "user", message: "x".repeat(1000), secondsFromStart: 1 };
    const large = fixtureWith("vapi", "end-of-call-report", {
      "message.artifact.messages": Array(200).fill(said),
    });
    expect(large.length).toBeGreaterThan(64 * 1024);
    expect(await resultOf(await deliverVapi(server, vapi, large))).toBe("accepted");
    expect((await callOf(server, staff, VAPI_CALL))!.transcript).toHaveLength(200);
    const tooLarge = fixtureWith("vapi", "end-of-call-report", {
      "message.artifact.messages": Array(4300).fill(said),
    });
    expect((await deliverVapi(server, vapi, tooLarge)).status).toBe(413);
  });

  it("answers a delivery for no connection before its body has arrived, its length declared or not", async () => {
    const staff = await signUp(server);
    const retell = await connectRetell(server, staff);
    const body = fixtureText("vapi", "end-of-call-report");
    const whole = await deliver(server, "vapi", crypto.randomUUID(), body, { authorization: "Bearer x" });
    expect(whole.status).toBe(404);
    const unknown = { status: 404, text: await whole.text() };
    for (const path of [
      `/api/integrations/vapi/${crypto.randomUUID()}`,
      `/api/integrations/vapi/${retell._id}`,
      `/api/integrations/retell/${crypto.randomUUID()}/tools/find_free_slots`,
    ])
      for (const length of [PLATFORM_BODY_LIMIT, null])
        expect(await answerBeforeBody(server, path, length), `${path} ${length}`).toEqual(unknown);
  });

  it("answers a message it cannot read with 400 naming the field, and stores nothing of it", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    const bad = [
      "{not json",
      JSON.stringify({ type: "end-of-call-report" }),
      fixtureWith("vapi", "end-of-call-report", { "message.call.id": undefined }),
      fixtureWith("vapi", "end-of-call-report", { "message.startedAt": "yesterday" }),
      fixtureWith("vapi", "status-update-in-progress", { "message.status": 5 }),
    ];
    const answers = [];
    for (const body of bad) answers.push(await resultOf(await deliverVapi(server, vapi, body)));
    expect(answers).toEqual([
      "400 VALIDATION",
      "400 VALIDATION message",
      "400 VALIDATION message.call.id",
      "400 VALIDATION message.startedAt",
      "400 VALIDATION message.status",
    ]);
    expect(await callCount(staff)).toBe(0);
    // Coded for the card; the English reason names the field, shown beside the card's words.
    expect((await deliveriesOf(staff)).map((d) => [d.result, d.reasonCode, d.reason])).toEqual([
      ["refused", "unreadable_payload", expect.stringContaining("message.status")],
      ["refused", "unreadable_payload", expect.stringContaining("The call's start must be")],
      ["refused", "unreadable_payload", expect.stringContaining("message.call.id")],
      ["refused", "unreadable_payload", expect.stringContaining("message")],
      ["refused", "not_json", "The request body is not valid JSON"],
    ]);
  });

  it("places a call that says no start at the message's timestamp, and refuses a timestamp that is no date", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    const noStart = { "message.call.startedAt": undefined, "message.call.createdAt": undefined };
    const answers = [];
    for (const timestamp of [1e20, -1e15])
      answers.push(
        await resultOf(
          await deliverVapi(
            server,
            vapi,
            fixtureWith("vapi", "status-update-in-progress", { ...noStart, "message.timestamp": timestamp }),
          ),
        ),
      );
    expect(answers).toEqual(["400 VALIDATION message.timestamp", "400 VALIDATION message.timestamp"]);
    expect(await callCount(staff)).toBe(0);

    const placed = fixtureWith("vapi", "status-update-in-progress", noStart);
    expect(await resultOf(await deliverVapi(server, vapi, placed))).toBe("accepted");
    // The fixture's message timestamp, 1772452694019 ms.
    expect(await callOf(server, staff, VAPI_CALL)).toMatchObject({ startTime: "2026-03-02T11:58:14.019Z" });
  });
});

describe("Retell webhooks", () => {
  it("stores call_started, call_ended and call_analyzed as one call", async () => {
    const staff = await signUp(server);
    const retell = await connectRetell(server, staff);
    expect(await resultOf(await deliverRetell(server, retell, fixtureText("retell", "call_started")))).toBe(
      "accepted",
    );
    expect(await callOf(server, staff, RETELL_CALL)).toMatchObject({
      status: "in-progress",
      fromNumber: "+12137771234",
      startTime: new Date(1714608475945).toISOString(),
    });
    expect(await resultOf(await deliverRetell(server, retell, fixtureText("retell", "call_ended")))).toBe(
      "accepted",
    );
    const ended = await callOf(server, staff, RETELL_CALL);
    expect(ended).toMatchObject({
      status: "completed",
      duration: 16,
      summary: null,
      recordingUrl:
        "https://retellai.s3.us-west-2.amazonaws.com/Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6/recording.wav",
    });
    expect(ended!.transcript.map((t) => [t.speaker, t.offsetSeconds])).toEqual([
      ["assistant", 0.7],
      ["caller", 2.1],
      ["assistant", 4.2],
      ["caller", 8.9],
    ]);
    expect(await resultOf(await deliverRetell(server, retell, fixtureText("retell", "call_analyzed")))).toBe(
      "accepted",
    );
    expect(await callOf(server, staff, RETELL_CALL)).toMatchObject({
      status: "completed",
      summary: expect.stringContaining("opening hours"),
      transcript: ended!.transcript,
    });
    expect(await callCount(staff)).toBe(1);
  });

  it("keeps the summary of call_analyzed arriving before call_ended, and takes a repeated call_ended as a duplicate", async () => {
    const staff = await signUp(server);
    const retell = await connectRetell(server, staff);
    expect(await resultOf(await deliverRetell(server, retell, fixtureText("retell", "call_analyzed")))).toBe(
      "accepted",
    );
    expect(await resultOf(await deliverRetell(server, retell, fixtureText("retell", "call_ended")))).toBe(
      "accepted",
    );
    const repeat = fixtureWith("retell", "call_ended", { "call.disconnection_reason": "error_retell" });
    expect(await resultOf(await deliverRetell(server, retell, repeat))).toBe("duplicate");
    expect(await resultOf(await deliverRetell(server, retell, fixtureText("retell", "call_started")))).toBe(
      "accepted",
    );
    expect(await callOf(server, staff, RETELL_CALL)).toMatchObject({
      status: "completed",
      summary: expect.stringContaining("opening hours"),
    });
  });

  it("stores a call that never connected as missed, telling Telegram once however often it comes", async () => {
    const staff = await signUp(server);
    const retell = await connectRetell(server, staff);
    const body = fixtureText("retell", "call_ended-dial_no_answer");
    expect(await resultOf(await deliverRetell(server, retell, body))).toBe("accepted");
    expect(await resultOf(await deliverRetell(server, retell, body))).toBe("duplicate");
    expect(await callOf(server, staff, "retell:Kc4e8wQpZt0s1Vx9Lm2Rn7Bd5Fg3Hj6Y")).toMatchObject({
      status: "missed",
      outcome: "no-action",
      // Outbound: the person on the other end is the one called.
      fromNumber: "+12137779876",
      startTime: server.clock().toISOString(),
      duration: 0,
    });
    expect(await missedRows(staff)).toBe(1);
  });

  it("refuses a bad signature, a stale or future one, and a body altered by one byte", async () => {
    const staff = await signUp(server);
    const retell = await connectRetell(server, staff);
    const body = fixtureText("retell", "call_ended");
    const now = server.clock().getTime();
    const send = (signature: string, text = body) =>
      deliver(server, "retell", retell._id, text, { "x-retell-signature": signature });
    const refused = [
      await send(retellSignature(body, `${retell.apiKey}x`, now)),
      await send(retellSignature(body, retell.apiKey, now - 5 * MINUTE - 1)),
      await send(retellSignature(body, retell.apiKey, now + 5 * MINUTE + 1)),
      await send(retellSignature(body, retell.apiKey, now), body.replace("user_hangup", "user_hangup ")),
      await send(retellSignature(body, retell.apiKey, now).replace("v=", "t=")),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(await callCount(staff)).toBe(0);
    // Within the 5 minutes, either way, it is Retell's.
    expect((await send(retellSignature(body, retell.apiKey, now - 5 * MINUTE))).status).toBe(200);
    expect((await deliveriesOf(staff)).map((d) => [d.result, d.reasonCode])).toEqual([
      ["accepted", null],
      ["refused", "no_signature"],
      ["refused", "bad_signature"],
      ["refused", "stale_timestamp"],
      ["refused", "stale_timestamp"],
    ]);
  });

  it("ignores other events, and answers a body it cannot read with 400 and nothing stored", async () => {
    const staff = await signUp(server);
    const retell = await connectRetell(server, staff);
    expect(
      await resultOf(await deliverRetell(server, retell, fixtureText("retell", "transcript_updated"))),
    ).toBe("ignored");
    const answers = [];
    for (const body of [
      fixtureWith("retell", "call_ended", { "call.call_id": undefined }),
      fixtureWith("retell", "call_ended", { "call.start_timestamp": "yesterday" }),
      JSON.stringify({ call: {} }),
    ])
      answers.push(await resultOf(await deliverRetell(server, retell, body)));
    expect(answers).toEqual([
      "400 VALIDATION call.call_id",
      "400 VALIDATION call.start_timestamp",
      "400 VALIDATION event",
    ]);
    expect(await callCount(staff)).toBe(0);
  });
});

describe("both platforms", () => {
  it("keeps no recording or transcript while the business records no calls (the summary stays)", async () => {
    const staff = await signUp(server);
    const put = await server.request("/api/privacy/settings", {
      method: "PUT",
      json: { recordCalls: false },
      accessToken: staff.accessToken,
    });
    expect(put.status).toBe(200);
    const vapi = await connectVapi(server, staff);
    const retell = await connectRetell(server, staff);
    await deliverVapi(server, vapi, fixtureText("vapi", "end-of-call-report"));
    await deliverRetell(server, retell, fixtureText("retell", "call_analyzed"));
    for (const id of [VAPI_CALL, RETELL_CALL])
      expect(await callOf(server, staff, id)).toMatchObject({
        transcript: [],
        recordingUrl: null,
        recordingOff: true,
        summary: expect.any(String),
      });
  });

  it("keeps a call whose recording link has credentials or a private host, without the link, and logs why (not the link)", async () => {
    // A server of its own that logs warnings, to a console.warn the test reads.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const logging = await startTestServer({ env: { LOG_LEVEL: "warn" } });
    try {
      const staff = await signUp(logging);
      const vapi = await connectVapi(logging, staff);
      const retell = await connectRetell(logging, staff);
      const vapiBody = fixtureWith("vapi", "end-of-call-report", {
        "message.artifact.recordingUrl": "https://user:pw@storage.vapi.ai/call.wav",
      });
      const retellBody = fixtureWith("retell", "call_ended", {
        "call.recording_url": "https://127.0.0.1:22/r.wav",
      });
      expect(await resultOf(await deliverVapi(logging, vapi, vapiBody))).toBe("accepted");
      expect(await resultOf(await deliverRetell(logging, retell, retellBody))).toBe("accepted");
      for (const id of [VAPI_CALL, RETELL_CALL])
        expect(await callOf(logging, staff, id)).toMatchObject({
          status: "completed",
          recordingUrl: null,
          transcript: expect.arrayContaining([expect.anything()]),
        });
      const lines = warn.mock.calls.map((args) => String(args[0]));
      expect(lines).toEqual([
        expect.stringContaining("vapi recording link was left out (connection"),
        expect.stringContaining("retell recording link was left out (connection"),
      ]);
      expect(lines[0]).toContain("carries a user name or password");
      expect(lines[1]).toContain("points at a loopback, private, link-local or unspecified address");
      expect(lines.join("\n")).not.toContain("pw@");
    } finally {
      warn.mockRestore();
      await logging.close();
    }
  });

  it("logs a delivery whose sender went away mid-body at debug, not as an error", async () => {
    // Spied before the server starts: its logger holds on to the console's functions.
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const logging = await startTestServer({ env: { LOG_LEVEL: "debug" } });
    try {
      const staff = await signUp(logging);
      const vapi = await connectVapi(logging, staff);
      const path = `/api/integrations/vapi/${vapi._id}`;
      for (const length of [PLATFORM_BODY_LIMIT, null]) {
        const logged = new Promise<string>((resolve) => {
          for (const spy of [debug, error])
            spy.mockImplementation((line: unknown) => {
              if (String(line).includes(path)) resolve(String(line));
            });
        });
        const request = httpRequest(new URL(path, logging.url), {
          method: "POST",
          headers: {
            authorization: `Bearer ${vapi.secret}`,
            ...(length !== null && { "content-length": length }),
          },
        });
        request.on("error", () => {});
        request.write("{", () => request.destroy());
        expect(await logged).toMatch(/ DEBUG POST .+: the client went away \(Error: aborted\)$/);
      }
      expect(error).not.toHaveBeenCalled();
    } finally {
      debug.mockRestore();
      error.mockRestore();
      await logging.close();
    }
  });

  it("keeps one call id of two platforms apart", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    const retell = await connectRetell(server, staff);
    const id = "Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6";
    await deliverVapi(server, vapi, fixtureWith("vapi", "end-of-call-report", { "message.call.id": id }));
    await deliverRetell(server, retell, fixtureText("retell", "call_ended"));
    expect(await callOf(server, staff, `vapi:${id}`)).not.toBeNull();
    expect(await callOf(server, staff, `retell:${id}`)).not.toBeNull();
    expect(await callCount(staff)).toBe(2);
  });

  it("answers another platform's, another business's or no connection alike, and one business's secret opens no other", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const vapi = await connectVapi(server, owner);
    const retell = await connectRetell(server, owner);
    const othersVapi = await connectVapi(server, other);
    const body = fixtureText("vapi", "end-of-call-report");
    const notFound = [
      await deliver(server, "retell", vapi._id, body, { authorization: `Bearer ${vapi.secret}` }),
      await deliver(server, "vapi", retell._id, body, { authorization: `Bearer ${retell.apiKey}` }),
      await deliver(server, "vapi", crypto.randomUUID(), body, { authorization: `Bearer ${vapi.secret}` }),
      await deliver(server, "vapi", "not-a-uuid", body, { authorization: `Bearer ${vapi.secret}` }),
    ];
    const texts = await Promise.all(notFound.map((r) => r.text()));
    expect(notFound.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect(new Set(texts).size).toBe(1);
    expect((await deliverVapi(server, { _id: othersVapi._id, secret: vapi.secret }, body)).status).toBe(401);
    expect(await callCount(owner)).toBe(0);
    expect(await callCount(other)).toBe(0);
  });
});
