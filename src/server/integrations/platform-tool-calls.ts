import { createHash } from "node:crypto";
import { type } from "arktype";
import { MAX_JSON_DEPTH, nestsTooDeeply } from "../http/json-depth";
import { MAX_PLATFORM_CALL_ID, payloadProblem, storableStrings, storableText } from "./platform-report";
import { vapiCall, vapiCustomer } from "./vapi-delivery";

/*
 * The voice platforms' tool calls as they send them, read into what the tool runner takes: which call (and
 * caller) they come from, and each call's tool name and arguments. Only the fields read are checked. Their text
 * is made storable first (storableStrings: a NUL dropped, half a surrogate pair U+FFFD), arguments sent as a
 * JSON string included: what the model said reaches the tools' queries and the answers kept, and PostgreSQL's
 * text and jsonb hold neither.
 */

/** One tool call to answer: its tool and arguments, or why they cannot be read (answered as an error). */
export type PlatformToolCall = { name: string; args: unknown } | { name: string; problem: string };

export type PlatformToolCalls = {
  providerCallId: string | null;
  callerNumber: string | null;
};

/** Arguments as an object: Vapi's SDK types them a JSON string, its docs' examples an object; both are read. */
function argumentsOf(raw: unknown, name: string): PlatformToolCall {
  if (raw === undefined || raw === null || raw === "") return { name, args: {} };
  let args: unknown = raw;
  if (typeof raw === "string") {
    try {
      args = JSON.parse(raw);
    } catch {
      return { name, problem: "the arguments are not valid JSON" };
    }
    // JSON in a string: read only now, so its own escapes are made storable (and its depth bounded) here.
    if (nestsTooDeeply(args))
      return { name, problem: `the arguments nest deeper than ${MAX_JSON_DEPTH} levels` };
    args = storableStrings(args);
  }
  return typeof args === "object" && args !== null && !Array.isArray(args)
    ? { name, args }
    : { name, problem: "the arguments must be a JSON object" };
}

const vapiToolCall = type({
  id: "string > 0",
  "function?": { "name?": "string", "arguments?": "unknown" },
  "name?": "string",
  "arguments?": "unknown",
});

const vapiToolCalls = type({
  message: {
    type: "'tool-calls'",
    toolCallList: "unknown[]",
    "call?": vapiCall,
    "customer?": vapiCustomer,
  },
});

/** Is this Vapi server message a tool call (answered with results, not stored as a call event)? */
export const isVapiToolCalls = (body: unknown): boolean =>
  typeof body === "object" &&
  body !== null &&
  (body as { message?: { type?: unknown } }).message?.type === "tool-calls";

/**
 * Vapi's `tool-calls` message (docs.vapi.ai "Custom Tools"; ServerMessageToolCalls in @vapi-ai/server-sdk):
 * `message.toolCallList[]`, each `{id, type: "function", function: {name, arguments}}` — or, as the docs'
 * example shows it, `{id, name, arguments}` — in the order they are to be answered. A list entry without an
 * id cannot be answered and is left out (`unanswerable` counts them); a message without the list is a Refusal.
 */
export function readVapiToolCalls(body: unknown): PlatformToolCalls & {
  calls: (PlatformToolCall & { toolCallId: string })[];
  unanswerable: number;
} {
  const parsed = vapiToolCalls(storableStrings(body));
  if (parsed instanceof type.errors) throw payloadProblem(parsed);
  const { message } = parsed;
  const calls: (PlatformToolCall & { toolCallId: string })[] = [];
  let unanswerable = 0;
  for (const entry of message.toolCallList) {
    const call = vapiToolCall(entry);
    if (call instanceof type.errors) {
      unanswerable++;
      continue;
    }
    const name = call.function?.name ?? call.name ?? "";
    const raw = call.function ? call.function.arguments : call.arguments;
    calls.push({ toolCallId: call.id, ...argumentsOf(raw, name) });
  }
  const who = message.customer ?? message.call?.customer;
  return {
    providerCallId: message.call?.id ?? null,
    callerNumber: who?.number || null,
    calls,
    unanswerable,
  };
}

const retellCallShape = type({
  call_id: `1 <= string <= ${MAX_PLATFORM_CALL_ID}`,
  "direction?": "string",
  "from_number?": "string",
  "to_number?": "string",
});

const retellWrapped = type({ "name?": "string", call: retellCallShape, args: "unknown" });

/**
 * Retell's custom function (docs.retellai.com "Custom Function"): `POST {"name", "call", "args"}` where call
 * is the call object; with the function's "Payload: args only" (args_at_root) the body is the arguments
 * alone, and the call, so its number, is not sent. Told apart by shape: `args` beside a `call` with its id.
 *
 * Retell gives a function call no id, and retries a request that failed or timed out (twice) as it was sent.
 * The call object carries the transcript up to the request, so a request of the same function with the same
 * arguments made later in the call differs from it: the request itself (the function's name and the body)
 * identifies it, hashed as `toolCallId`. Args only, the same arguments from any call are the same body:
 * nothing identifies the request (`toolCallId` null).
 */
export function readRetellToolCall(
  sent: unknown,
  named: string,
): PlatformToolCalls & { call: PlatformToolCall & { toolCallId: string | null } } {
  const body = storableStrings(sent);
  const name = storableText(named);
  const wrapped = retellWrapped(body);
  if (wrapped instanceof type.errors)
    return {
      providerCallId: null,
      callerNumber: null,
      call: { ...argumentsOf(body, name), toolCallId: null },
    };
  const { call } = wrapped;
  // The person on the other end: the caller of an inbound call, the one called of an outbound call.
  const number = call.direction === "outbound" ? call.to_number : call.from_number;
  const request = createHash("sha256")
    .update(JSON.stringify([name, body]))
    .digest("base64url");
  return {
    providerCallId: call.call_id,
    callerNumber: number || null,
    call: { ...argumentsOf(wrapped.args, name), toolCallId: request },
  };
}
