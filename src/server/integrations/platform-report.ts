import type { AssistantPlatform } from "@shared/assistant-platforms.constants";
import { type CallReport, callReport, type TranscriptTurn } from "@shared/calls.schema";
import { publicUrlProblem } from "@shared/public-url";
import { type } from "arktype";
import { Refusal } from "../refusal";
import { rulesBroken } from "./delivery-refusal";

/**
 * What a platform's delivery comes to: a call report for the calls writer (keyed for idempotency by the
 * platform's call id and the event), or nothing to keep.
 */
export type DeliveryAction =
  | { kind: "ignore"; event: string; providerCallId: string | null }
  | { kind: "report"; event: string; providerCallId: string; report: CallReport; startedAt: Date };

/**
 * What a platform's reader tells the log of a delivery it stores anyway (webhooks.routes.ts words it): an end
 * reason it does not know (the call is stored as completed), a recording link it left out and why.
 */
export type DeliveryNotes = {
  unknownReason: (reason: string) => void;
  droppedRecording: (problem: string) => void;
};

/**
 * A platform's delivery, already authenticated, as what to store; a Refusal (400) when it cannot be read.
 * `receivedAt` stands in for the start of a call that says none.
 */
export type DeliveryReader = (body: unknown, receivedAt: Date, notes: DeliveryNotes) => DeliveryAction;

/** The platform's call id as our externalId: prefixed, so one call id of two platforms cannot meet. */
export const externalIdOf = (provider: AssistantPlatform, callId: string) => `${provider}:${callId}`;

/** The longest platform call id taken (externalId holds 200 characters, prefix included). */
export const MAX_PLATFORM_CALL_ID = 190;

/**
 * An instant as milliseconds since 1970 (Retell's times, Vapi's message timestamp), bounded to what a report's
 * ISO 8601 time can say (to the end of year 9999); a number beyond is no date (`new Date(1e20)` is invalid), and
 * is refused naming its field rather than failing later.
 */
export const epochMs = "0 <= number <= 253402300799999";

/** At most `max` UTF-16 units, never cutting a surrogate pair in two (half of one cannot be stored). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]/.test(text[max - 1] ?? "") ? max - 1 : max;
  return text.slice(0, cut);
}

/** An ISO 8601 date-time with its offset (what both platforms send) as an instant; null otherwise. */
export function instantOf(text: string | undefined): Date | null {
  if (text === undefined || !/(Z|[+-]\d\d:?\d\d)$/i.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** Whole seconds between two instants, within what a call report holds (0 to 24 hours). */
export const secondsBetween = (start: Date, end: Date) =>
  Math.min(86_400, Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)));

/**
 * A recording link the portal can play and the server may fetch (public https, see calls.schema.ts and
 * shared/public-url.ts); anything else is left out, told to `dropped`, and the call is kept without it (the
 * platform would only send the same delivery again were it refused).
 */
export function recordingUrlOf(
  url: string | undefined,
  dropped: (problem: string) => void,
): string | undefined {
  if (url === undefined) return undefined;
  const problem =
    url.length > 2000 || !/^https:\/\/[^\s]+$/.test(url)
      ? "is not an https URL of at most 2000 characters"
      : publicUrlProblem(url);
  if (problem === null) return url;
  dropped(problem);
  return undefined;
}

/** The turns of a conversation as our transcript holds them: said, in order, within its limits. */
export function transcriptOf(turns: readonly TranscriptTurn[]): TranscriptTurn[] {
  return turns
    .map((turn) => ({ ...turn, text: clip(turn.text.trim(), 5000) }))
    .filter((turn) => turn.text.length > 0)
    .slice(0, 2000)
    .map((turn) => ({ ...turn, offsetSeconds: Math.min(86_400, Math.max(0, turn.offsetSeconds)) }));
}

/** Text the database can hold: a NUL goes, half of a surrogate pair becomes U+FFFD (a platform's text, kept). */
export const storableText = (text: string) => text.replace(/\p{Cs}/gu, "\uFFFD").replaceAll("\0", "");

/** JSON written out with every string in it made storable (storableText); keys are left as they are. */
export const storableJson = (json: unknown): string =>
  JSON.stringify(json, (_, value) => (typeof value === "string" ? storableText(value) : value));

/** A JSON value with every string in it made storable (storableText): a platform's words are kept, not refused. */
export const storableStrings = (value: unknown): unknown => JSON.parse(storableJson(value));

/**
 * The report as the calls writer takes it: its text made storable, then checked by the very schema our own
 * API checks reports with.
 */
export function checkedReport(report: CallReport): CallReport {
  const out = callReport(storableStrings(report));
  if (out instanceof type.errors)
    throw new Refusal("VALIDATION", `The call cannot be stored: ${rulesBroken(out)}`);
  return out;
}

/**
 * A payload the platform's documentation does not allow: a 400 naming the field, as our own API's are, and
 * the rule, not the text (it is kept as the delivery's reason, see DeliveryRefusal).
 */
export function payloadProblem(errors: type.errors): Refusal {
  return new Refusal("VALIDATION", rulesBroken(errors), { field: errors[0]?.propString || undefined });
}

/** A field present but unusable (a time that cannot be placed): a 400 naming it. */
export const fieldProblem = (field: string, message: string) => new Refusal("VALIDATION", message, { field });
