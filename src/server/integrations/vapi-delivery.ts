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
  fieldProblem,
  instantOf,
  MAX_PLATFORM_CALL_ID,
  payloadProblem,
  recordingUrlOf,
  secondsBetween,
  transcriptOf,
} from "./platform-report";

/*
 * Vapi's server messages (docs.vapi.ai "Server events"; the ServerMessage* types of @vapi-ai/server-sdk):
 * `POST {"message": {"type", "call", …}}`. Only the fields read are checked; the rest (assistant, costs,
 * messagesOpenAIFormatted…) may be anything.
 */

export const vapiCustomer = type({ "number?": "string", "name?": "string" });

export const vapiCall = type({
  id: `1 <= string <= ${MAX_PLATFORM_CALL_ID}`,
  "createdAt?": "string",
  "startedAt?": "string",
  "endedAt?": "string",
  "endedReason?": "string",
  "customer?": vapiCustomer,
});

/** Every message type: what it says about its call, if anything. */
const envelope = type({ message: { type: "string", "call?": vapiCall } });

const statusUpdate = type({
  message: {
    type: "'status-update'",
    status: "string",
    call: vapiCall,
    "timestamp?": epochMs,
    "endedReason?": "string",
    "customer?": vapiCustomer,
  },
});

/** artifact.messages[]: user and bot turns (role "bot", or "assistant" in older examples), system and tool entries. */
const artifactMessage = type({ role: "string", "message?": "string", "secondsFromStart?": "number" });

const endOfCallReport = type({
  message: {
    type: "'end-of-call-report'",
    call: vapiCall,
    "timestamp?": epochMs,
    "endedReason?": "string",
    "customer?": vapiCustomer,
    "startedAt?": "string",
    "endedAt?": "string",
    "artifact?": {
      "transcript?": "string",
      "messages?": artifactMessage.array(),
      "recordingUrl?": "string",
    },
    "analysis?": { "summary?": "string" },
  },
});

type VapiCall = typeof vapiCall.infer;
type Customer = typeof vapiCustomer.infer;

const SPEAKERS = new Map<string, TranscriptTurn["speaker"]>([
  ["user", "caller"],
  ["bot", "assistant"],
  ["assistant", "assistant"],
]);

/** artifact.transcript's lines ("AI: …", "User: …") when there are no messages to read turns from. */
function turnsOfText(text: string): TranscriptTurn[] {
  return text.split("\n").flatMap((line) => {
    const match = /^(AI|Assistant|Bot|User|Customer):\s*(.*)$/i.exec(line.trim());
    if (!match) return [];
    const speaker = /^(user|customer)$/i.test(match[1]!) ? "caller" : "assistant";
    return [{ speaker, text: match[2]!, offsetSeconds: 0 }];
  });
}

function transcript(
  artifact: (typeof endOfCallReport.infer)["message"]["artifact"],
): TranscriptTurn[] | undefined {
  const turns = artifact?.messages?.flatMap((m) => {
    const speaker = SPEAKERS.get(m.role);
    return speaker && m.message !== undefined
      ? [{ speaker, text: m.message, offsetSeconds: m.secondsFromStart ?? 0 }]
      : [];
  });
  if (turns && turns.length > 0) return transcriptOf(turns);
  return artifact?.transcript === undefined ? undefined : transcriptOf(turnsOfText(artifact.transcript));
}

/**
 * When the call started: the message's own time, else the call's, else when it was created (a call never
 * connected), else when the message was sent, else when it reached us (a message that says none of them).
 */
function startOf(message: { startedAt?: string; timestamp?: number; call: VapiCall }, receivedAt: Date) {
  const text = message.startedAt ?? message.call.startedAt ?? message.call.createdAt;
  if (text === undefined) return new Date(message.timestamp ?? receivedAt.getTime());
  const start = instantOf(text);
  if (!start)
    throw fieldProblem(
      message.startedAt !== undefined ? "message.startedAt" : "message.call.startedAt",
      "The call's start must be an ISO 8601 date-time with its offset",
    );
  return start;
}

const callerOf = (message: { customer?: Customer; call: VapiCall }) => {
  const who = message.customer ?? message.call.customer;
  return { number: clip(who?.number || UNKNOWN_CALLER, 40), name: who?.name };
};

/** A Vapi delivery, already authenticated, as what to store; a Refusal (400) when it cannot be read. */
export const readVapiDelivery: DeliveryReader = (body, receivedAt, notes) => {
  const head = envelope(body);
  if (head instanceof type.errors) throw payloadProblem(head);
  const { message } = head;
  // A chat's report or status (Vapi's text conversations carry `chat`, no `call`) is no phone call of ours.
  if (message.call === undefined) return { kind: "ignore", event: message.type, providerCallId: null };

  if (message.type === "status-update") {
    const update = statusUpdate(body);
    if (update instanceof type.errors) throw payloadProblem(update);
    const { status, call } = update.message;
    const event = `status-update:${status}`;
    if (status !== "in-progress" && status !== "ended")
      return { kind: "ignore", event, providerCallId: call.id };
    const caller = callerOf(update.message);
    const endedReason = update.message.endedReason ?? call.endedReason;
    const ending = status === "ended" ? callEnding("vapi", endedReason, notes.unknownReason) : null;
    const startedAt = startOf(update.message, receivedAt);
    const report: CallReport = {
      externalId: externalIdOf("vapi", call.id),
      callerNumber: caller.number,
      ...(caller.name && { callerName: clip(caller.name, 200) }),
      startedAt: startedAt.toISOString(),
      status: ending?.status ?? "in-progress",
      ...(ending?.outcome && { outcome: ending.outcome }),
    };
    return { kind: "report", event, providerCallId: call.id, report: checkedReport(report), startedAt };
  }

  if (message.type === "end-of-call-report") {
    const eocr = endOfCallReport(body);
    if (eocr instanceof type.errors) throw payloadProblem(eocr);
    const m = eocr.message;
    const startedAt = startOf(m, receivedAt);
    const endedAt = instantOf(m.endedAt ?? m.call.endedAt);
    const ending = callEnding("vapi", m.endedReason ?? m.call.endedReason, notes.unknownReason);
    const caller = callerOf(m);
    const turns = transcript(m.artifact);
    const recordingUrl = recordingUrlOf(m.artifact?.recordingUrl, notes.droppedRecording);
    const report: CallReport = {
      externalId: externalIdOf("vapi", m.call.id),
      callerNumber: caller.number,
      ...(caller.name && { callerName: clip(caller.name, 200) }),
      startedAt: startedAt.toISOString(),
      status: ending.status,
      // Vapi sends no duration: it is the time between the start and the end.
      ...(endedAt && { durationSeconds: secondsBetween(startedAt, endedAt) }),
      ...(ending.outcome && { outcome: ending.outcome }),
      ...(m.analysis?.summary && { summary: clip(m.analysis.summary, 4000) }),
      ...(turns && { transcript: turns }),
      ...(recordingUrl && { recordingUrl }),
    };
    return {
      kind: "report",
      event: "end-of-call-report",
      providerCallId: m.call.id,
      report: checkedReport(report),
      startedAt,
    };
  }

  return { kind: "ignore", event: message.type, providerCallId: message.call.id };
};
