import { UNKNOWN_CALLER } from "@shared/calls.constants";
import type { CallReport, TranscriptTurn } from "@shared/calls.schema";
import { type } from "arktype";
import { callEnding } from "./call-endings";
import {
  checkedReport,
  clip,
  type DeliveryReader,
  epochMs,
  externalIdOf,
  MAX_PLATFORM_CALL_ID,
  payloadProblem,
  recordingUrlOf,
  transcriptOf,
} from "./platform-report";

/*
 * Retell's webhook (docs.retellai.com "Webhook Overview"): `POST {"event", "call"}` where the call is the
 * call object of its Get Call API (PhoneCallResponse / WebCallResponse in retell-sdk). Only the fields read
 * are checked; the rest (latency, costs, dynamic variables…) may be anything.
 */

const utterance = type({
  role: "string",
  content: "string",
  "words?": type({ "start?": "number" }).array(),
});

const retellCall = type({
  call_id: `1 <= string <= ${MAX_PLATFORM_CALL_ID}`,
  "direction?": "string",
  "from_number?": "string",
  "to_number?": "string",
  "call_status?": "string",
  "start_timestamp?": epochMs,
  "end_timestamp?": epochMs,
  "duration_ms?": "number >= 0",
  "transcript_object?": utterance.array(),
  "recording_url?": "string",
  "disconnection_reason?": "string",
  "call_analysis?": { "call_summary?": "string" },
});

const envelope = type({ event: "string", "call?": { "call_id?": "string" } });
const callEvent = type({ event: "string", call: retellCall });

type RetellCall = typeof retellCall.infer;

/** The events about a call we keep; transcript_updated, the transfer events and chat events are not kept. */
const CALL_EVENTS = new Set(["call_started", "call_ended", "call_analyzed"]);

/** transcript_object's roles: the agent, and a transfer's target (the business's side), and the user. */
const SPEAKERS = new Map<string, TranscriptTurn["speaker"]>([
  ["agent", "assistant"],
  ["transfer_target", "assistant"],
  ["user", "caller"],
]);

/** transcript_object's turns, each timed by its first word. */
function transcript(call: RetellCall): TranscriptTurn[] | undefined {
  if (!call.transcript_object) return undefined;
  let offset = 0;
  return transcriptOf(
    call.transcript_object.flatMap((u): TranscriptTurn[] => {
      offset = u.words?.[0]?.start ?? offset;
      const speaker = SPEAKERS.get(u.role);
      return speaker ? [{ speaker, text: u.content, offsetSeconds: offset }] : [];
    }),
  );
}

/** The person on the other end: the caller of an inbound call, the one called of an outbound call. */
const callerNumberOf = (call: RetellCall) =>
  clip((call.direction === "outbound" ? call.to_number : call.from_number) || UNKNOWN_CALLER, 40);

/**
 * A Retell delivery, already authenticated, as what to store; a Refusal (400) when it cannot be read.
 * `receivedAt` stands in for the start of a call that never connected and says none.
 */
export const readRetellDelivery: DeliveryReader = (body, receivedAt, notes) => {
  const head = envelope(body);
  if (head instanceof type.errors) throw payloadProblem(head);
  if (!CALL_EVENTS.has(head.event))
    return { kind: "ignore", event: head.event, providerCallId: head.call?.call_id ?? null };
  const parsed = callEvent(body);
  if (parsed instanceof type.errors) throw payloadProblem(parsed);
  const { event, call } = parsed;

  const startedAt = new Date(call.start_timestamp ?? call.end_timestamp ?? receivedAt.getTime());
  const ending =
    event === "call_started" ? null : callEnding("retell", call.disconnection_reason, notes.unknownReason);
  const durationMs =
    call.duration_ms ??
    (call.start_timestamp !== undefined && call.end_timestamp !== undefined
      ? call.end_timestamp - call.start_timestamp
      : undefined);
  const turns = ending ? transcript(call) : undefined;
  const recordingUrl = ending ? recordingUrlOf(call.recording_url, notes.droppedRecording) : undefined;
  const summary = event === "call_analyzed" ? call.call_analysis?.call_summary : undefined;
  const report: CallReport = {
    externalId: externalIdOf("retell", call.call_id),
    callerNumber: callerNumberOf(call),
    startedAt: startedAt.toISOString(),
    status: ending?.status ?? "in-progress",
    ...(ending &&
      durationMs !== undefined && { durationSeconds: Math.min(86_400, Math.round(durationMs / 1000)) }),
    ...(ending?.outcome && { outcome: ending.outcome }),
    ...(summary && { summary: clip(summary, 4000) }),
    ...(turns && { transcript: turns }),
    ...(recordingUrl && { recordingUrl }),
  };
  return { kind: "report", event, providerCallId: call.call_id, report: checkedReport(report), startedAt };
};
