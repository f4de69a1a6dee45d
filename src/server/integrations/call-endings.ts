import type { AssistantPlatform } from "@shared/assistant-platforms.constants";
import type { CallOutcome, CallStatus } from "@shared/calls.schema";

/**
 * How each platform's reason for a call's end reads in our calls: its status and, where the reason alone
 * tells, its outcome (the one table of docs/spec-notes.md, "Voice platforms"). Completed: the conversation
 * took place and ended (either side hung up, a transfer, a time limit). Missed: the caller was never served
 * (busy, no answer, hung up before we answered, voicemail, a transfer nobody took). Failed: the platform or
 * the telephone network broke the call. A missed or failed call's outcome is no-action; a completed call's is
 * left as it stands (a booking made during it says more than its ending).
 */
export type CallEnding = { status: Exclude<CallStatus, "in-progress">; outcome: CallOutcome | null };

const completed: CallEnding = { status: "completed", outcome: null };
const missed: CallEnding = { status: "missed", outcome: "no-action" };
const failed: CallEnding = { status: "failed", outcome: "no-action" };

/** A reason we do not know: the call did end, so it is completed; never refused, always logged. */
export const UNKNOWN_ENDING = completed;

/** Vapi's `endedReason` (ServerMessageEndOfCallReportEndedReason in @vapi-ai/server-sdk). */
const VAPI = new Map<string, CallEnding>(
  Object.entries({
    "assistant-ended-call": completed,
    "assistant-said-end-call-phrase": completed,
    "assistant-ended-call-with-hangup-task": completed,
    "assistant-ended-call-after-message-spoken": completed,
    "assistant-forwarded-call": completed,
    "customer-ended-call": completed,
    "customer-ended-call-before-warm-transfer": completed,
    "customer-ended-call-after-warm-transfer-attempt": completed,
    "customer-ended-call-during-transfer": completed,
    "exceeded-max-duration": completed,
    "silence-timed-out": completed,
    "manually-canceled": completed,
    "vonage-completed": completed,
    "call.in-progress.twilio-completed-call": completed,
    "call.in-progress.sip-completed-call": completed,
    "call.ringing.hook-executed-say": completed,
    "call.ringing.hook-executed-transfer": completed,
    "call.ending.hook-executed-say": completed,
    "call.ending.hook-executed-transfer": completed,
    "customer-busy": missed,
    "customer-did-not-answer": missed,
    "customer-did-not-give-microphone-permission": missed,
    voicemail: missed,
    "vonage-rejected": missed,
    "call.forwarding.operator-busy": missed,
    "call.ringing.sip-inbound-caller-hungup-before-call-connect": missed,
    "twilio-reported-customer-misdialed": failed,
    "twilio-failed-to-connect-call": failed,
    "vonage-failed-to-connect-call": failed,
    "vonage-disconnected": failed,
    "phone-call-provider-closed-websocket": failed,
    "phone-call-provider-bypass-enabled-but-no-call-received": failed,
    "assistant-join-timed-out": failed,
    "assistant-not-valid": failed,
    "assistant-not-found": failed,
    "worker-shutdown": failed,
    "scheduled-call-deleted": failed,
    "call-deleted": failed,
  }),
);

/** Retell's `disconnection_reason` (PhoneCallResponse in retell-sdk). */
const RETELL = new Map<string, CallEnding>(
  Object.entries({
    user_hangup: completed,
    agent_hangup: completed,
    call_transfer: completed,
    transfer_bridged: completed,
    transfer_cancelled: completed,
    inactivity: completed,
    max_duration_reached: completed,
    manual_stopped: completed,
    call_take_over: completed,
    scam_detected: { status: "completed", outcome: "no-action" },
    voicemail_reached: missed,
    ivr_reached: missed,
    dial_busy: missed,
    dial_no_answer: missed,
    user_declined: missed,
    error_user_not_joined: missed,
    dial_failed: failed,
    invalid_destination: failed,
    marked_as_spam: failed,
    concurrency_limit_reached: failed,
    no_concurrency_fallback: failed,
    no_valid_payment: failed,
    telephony_provider_permission_denied: failed,
    telephony_provider_unavailable: failed,
    sip_routing_error: failed,
    registered_call_timeout: failed,
  }),
);

/**
 * The families of errors the platforms name by the hundred (Vapi's `pipeline-error-…`, `call.start.error-…`,
 * `…-providerfault-…`; Retell's `error_…`): failed, so that a new member of a family maps without a release.
 */
const ERROR_FAMILY = /(^|[-_.])(error|fault|failed)([-_.]|$)|^pipeline-|^assistant-request-/;

/** The ending of a call the platform reports ended for `reason`; `unknown` hears of a reason not in the table. */
export function callEnding(
  provider: AssistantPlatform,
  reason: string | undefined,
  unknown: (reason: string) => void,
): CallEnding {
  if (reason === undefined) return UNKNOWN_ENDING;
  // Some of Vapi's own examples spell its reasons in camelCase ("assistantEndedCall").
  const key = provider === "vapi" ? reason.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`) : reason;
  // A Map, not an object: a reason such as "constructor" must not find what every object has.
  const known = (provider === "vapi" ? VAPI : RETELL).get(key);
  if (known) return known;
  if (ERROR_FAMILY.test(key)) return failed;
  unknown(reason);
  return UNKNOWN_ENDING;
}
