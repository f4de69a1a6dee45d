// A voice platform (Vapi or Retell) delivering its own webhooks to a running CallDesk (see simulate.ts):
// the deliveries each platform's documentation shows, signed as the platform signs them, including the
// repeats and the disorder real deliveries have (both platforms retry; events race each other).
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { type CallGenerator, createCallGenerator } from "../src/server/demo/call-generator";
import type {
  AssistantConnectionWithSecret,
  AssistantPlatform,
} from "../src/shared/assistant-connections.schema";
import type { CallReport } from "../src/shared/calls.schema";
import { COMPANY_DEFAULTS } from "../src/shared/company-defaults";
import type { ApiEnvelope } from "../src/shared/envelope";

export type PlatformSimulationOptions = {
  url: string;
  platform: AssistantPlatform;
  email: string;
  password: string;
  /** Finished calls to deliver, spread over the past day. */
  calls: number;
  /** The call generator's seed. */
  seed: number;
  log: (line: string) => void;
};

export type PlatformSimulationResult = {
  connectionId: string;
  deliveries: number;
  /** Deliveries sent a second time, as a platform's retry does (each must be answered as a duplicate). */
  repeats: number;
  /** Calls whose events were sent in reverse order. */
  reordered: number;
  /** The server's answers, by what it did with each delivery. */
  answers: Record<"accepted" | "duplicate" | "ignored", number>;
};

/** Of the calls: how many have one of their events delivered twice, and how many arrive out of order. */
const REPEAT_CHANCE = 0.2;
const DISORDER_CHANCE = 0.25;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The number the simulated business answers (the range reserved for fiction). */
const BUSINESS_NUMBER = "+15550100199";

export type PlatformDelivery = { event: string; body: string };

/** What ended the call, in the platform's words, as its status reads in the table of call-endings.ts. */
const endedReason = (platform: AssistantPlatform, call: CallReport) => {
  const reasons = {
    vapi: {
      completed: "customer-ended-call",
      missed: "customer-did-not-answer",
      failed: "twilio-failed-to-connect-call",
    },
    retell: { completed: "user_hangup", missed: "dial_no_answer", failed: "dial_failed" },
  } as const;
  return reasons[platform][call.status === "in-progress" ? "completed" : call.status];
};

const endOf = (call: CallReport) => new Date(Date.parse(call.startedAt) + (call.durationSeconds ?? 0) * 1000);

/** Vapi's server messages of one call: the status update as it is answered, then the end-of-call report. */
function vapiDeliveries(call: CallReport, callId: string): PlatformDelivery[] {
  const startedAt = call.startedAt;
  const endedAt = endOf(call).toISOString();
  const customer = { number: call.callerNumber, ...(call.callerName ? { name: call.callerName } : {}) };
  const phoneNumber = { id: randomUUID(), provider: "vapi", number: BUSINESS_NUMBER, name: "Front desk" };
  const vapiCall = (status: string) => ({
    id: callId,
    orgId: "3c1e8f5a-92d4-4b7e-a0c6-5e2f9d1b7a44",
    createdAt: startedAt,
    updatedAt: status === "ended" ? endedAt : startedAt,
    type: "inboundPhoneCall",
    status,
    startedAt,
    phoneCallProvider: "twilio",
    phoneCallTransport: "pstn",
    customer,
    ...(status === "ended" ? { endedAt, endedReason: endedReason("vapi", call) } : {}),
  });
  const turns = call.transcript ?? [];
  const speaker = (turn: (typeof turns)[number]) => (turn.speaker === "assistant" ? "AI" : "User");
  return [
    {
      event: "status-update:in-progress",
      body: JSON.stringify({
        message: {
          timestamp: Date.parse(startedAt),
          type: "status-update",
          status: "in-progress",
          call: vapiCall("in-progress"),
          customer,
          phoneNumber,
        },
      }),
    },
    {
      event: "end-of-call-report",
      body: JSON.stringify({
        message: {
          timestamp: Date.parse(endedAt),
          type: "end-of-call-report",
          endedReason: endedReason("vapi", call),
          call: vapiCall("ended"),
          customer,
          phoneNumber,
          startedAt,
          endedAt,
          artifact: {
            ...(call.recordingUrl ? { recordingUrl: call.recordingUrl } : {}),
            transcript: turns.map((turn) => `${speaker(turn)}: ${turn.text}\n`).join(""),
            messages: turns.map((turn) => ({
              role: turn.speaker === "assistant" ? "bot" : "user",
              message: turn.text,
              time: Date.parse(startedAt) + turn.offsetSeconds * 1000,
              secondsFromStart: turn.offsetSeconds,
            })),
          },
          ...(call.summary ? { analysis: { summary: call.summary } } : {}),
        },
      }),
    },
  ];
}

/** Retell's webhook events of one call: started, ended (transcript, recording), analyzed (the summary). */
function retellDeliveries(call: CallReport, callId: string): PlatformDelivery[] {
  const start = Date.parse(call.startedAt);
  const end = endOf(call).getTime();
  const base = {
    call_type: "phone_call",
    from_number: call.callerNumber,
    to_number: BUSINESS_NUMBER,
    direction: "inbound",
    call_id: callId,
    agent_id: "oBeDLoLOeuAbiuaMFXRtDOLriTJ5tSxD",
    metadata: {},
    retell_llm_dynamic_variables: call.callerName ? { customer_name: call.callerName } : {},
    start_timestamp: start,
  };
  const turns = call.transcript ?? [];
  const ended = {
    ...base,
    call_status: "ended",
    end_timestamp: end,
    duration_ms: end - start,
    disconnection_reason: endedReason("retell", call),
    transcript: turns
      .map((turn) => `${turn.speaker === "assistant" ? "Agent" : "User"}: ${turn.text}`)
      .join("\n"),
    transcript_object: turns.map((turn) => ({
      role: turn.speaker === "assistant" ? "agent" : "user",
      content: turn.text,
      words: [],
    })),
    ...(call.recordingUrl ? { recording_url: call.recordingUrl } : {}),
  };
  return [
    {
      event: "call_started",
      body: JSON.stringify({ event: "call_started", call: { ...base, call_status: "ongoing" } }),
    },
    { event: "call_ended", body: JSON.stringify({ event: "call_ended", call: ended }) },
    {
      event: "call_analyzed",
      body: JSON.stringify({
        event: "call_analyzed",
        call: {
          ...ended,
          call_analysis: {
            ...(call.summary ? { call_summary: call.summary } : {}),
            in_voicemail: false,
            user_sentiment: "Neutral",
            call_successful: call.status === "completed",
            custom_analysis_data: {},
          },
        },
      }),
    },
  ];
}

/** The deliveries of one finished call, in the order the platform sends them. */
export const platformDeliveries = (platform: AssistantPlatform, call: CallReport, callId: string) =>
  platform === "vapi" ? vapiDeliveries(call, callId) : retellDeliveries(call, callId);

const hmacHex = (key: string, text: string) => createHmac("sha256", key).update(text).digest("hex");

/** The headers the platform signs a delivery with: Vapi's Bearer Token credential, Retell's signature. */
export const platformSignature = (
  platform: AssistantPlatform,
  secret: string,
  body: string,
): Record<string, string> => {
  if (platform === "vapi") return { authorization: `Bearer ${secret}` };
  const now = Date.now();
  return { "x-retell-signature": `v=${now},d=${hmacHex(secret, body + now)}` };
};

async function staffPost<T>(
  url: string,
  path: string,
  body: unknown,
  authorization?: string,
): Promise<{ data: T; response: Response }> {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: new URL(url).origin,
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (!envelope?.success)
    throw new Error(
      `POST ${path}: ${response.status} ${envelope && !envelope.success ? envelope.error.message : response.statusText}`,
    );
  return { data: envelope.data, response };
}

/**
 * Signs in as staff, connects the platform in Settings' place (POST /api/assistant-connections; for Retell with
 * a made-up API key the simulator then signs with, as Retell signs with the owner's), and delivers `calls`
 * finished calls as the platform would: each call's events in order, but some calls' in another order and
 * some events twice. Every delivery must be answered 200.
 */
export async function runPlatformSimulation(
  options: PlatformSimulationOptions,
): Promise<PlatformSimulationResult> {
  const { url, platform } = options;
  const { response } = await staffPost(url, "/api/auth/sign-in", {
    email: options.email,
    password: options.password,
  });
  const authorization = response.headers.get("authorization") ?? "";
  const retellKey = `key_${randomBytes(16).toString("hex")}`;
  const { data: connection } = await staffPost<AssistantConnectionWithSecret>(
    url,
    "/api/assistant-connections",
    platform === "vapi" ? { provider: "vapi" } : { provider: "retell", apiKey: retellKey },
    authorization,
  );
  const secret = platform === "vapi" ? connection.secret : retellKey;
  if (!secret) throw new Error("the server gave no secret for the Vapi connection");
  // Posted to the server given, which may not be the public address the connection names for the platform.
  const webhook = `${url}/api/integrations/${platform}/${connection._id}`;
  options.log(`Connected ${platform}: the platform's URL is ${connection.webhookUrl}`);

  const generator: CallGenerator = createCallGenerator({
    seed: options.seed,
    idPrefix: `sim-${platform}`,
    companyName: "the practice",
    timezone: COMPANY_DEFAULTS.timezone,
    workingHours: { start: COMPANY_DEFAULTS.workingHoursStart, end: COMPANY_DEFAULTS.workingHoursEnd },
    workingDays: COMPANY_DEFAULTS.workingDays,
  });
  const now = Date.now();
  const calls = generator.history(options.calls, new Date(now - DAY_MS), new Date(now));
  const result: PlatformSimulationResult = {
    connectionId: connection._id,
    deliveries: 0,
    repeats: 0,
    reordered: 0,
    answers: { accepted: 0, duplicate: 0, ignored: 0 },
  };
  for (const call of calls) {
    const callId = platform === "vapi" ? randomUUID() : randomBytes(16).toString("base64url");
    let deliveries = platformDeliveries(platform, call, callId);
    if (Math.random() < DISORDER_CHANCE) {
      deliveries = [...deliveries].reverse();
      result.reordered++;
    }
    if (Math.random() < REPEAT_CHANCE) {
      deliveries.push(deliveries[Math.floor(Math.random() * deliveries.length)]!);
      result.repeats++;
    }
    for (const { event, body } of deliveries) {
      const answer = await fetch(webhook, {
        method: "POST",
        headers: { "content-type": "application/json", ...platformSignature(platform, secret, body) },
        body,
      });
      const envelope = (await answer.json().catch(() => null)) as ApiEnvelope<{
        result: keyof PlatformSimulationResult["answers"];
      }> | null;
      if (!envelope?.success)
        throw new Error(
          `${platform} ${event} of ${callId}: ${answer.status} ${envelope && !envelope.success ? envelope.error.message : answer.statusText}`,
        );
      result.deliveries++;
      result.answers[envelope.data.result]++;
    }
  }
  options.log(
    `Delivered ${calls.length} calls in ${result.deliveries} ${platform} deliveries: ` +
      `${result.answers.accepted} accepted, ${result.answers.duplicate} duplicates, ${result.answers.ignored} ignored ` +
      `(${result.repeats} sent twice, ${result.reordered} calls out of order).`,
  );
  return result;
}
