import { type } from "arktype";
import { booking } from "./booking.schema";
import { callOutcome, callStatus } from "./call-status.schema";
import { CALLS_MAX_LIMIT } from "./calls.constants";
import { publicUrlProblem } from "./public-url";
import { MAX_PAGE, pageOf, positiveIntegerParam } from "./query-params";

export { callOutcome, callStatus } from "./call-status.schema";
export {
  CALL_OUTCOMES,
  CALL_STATUSES,
  CALLS_MAX_LIMIT,
  CALLS_PAGE_SIZE,
  type CallOutcome,
  type CallStatus,
  FINISHED_CALL_STATUSES,
} from "./calls.constants";

/** One turn of the conversation, in order; `offsetSeconds` from the start of the call. */
export const transcriptTurn = type({
  "+": "reject",
  speaker: "'assistant' | 'caller'",
  text: "1 <= string <= 5000",
  offsetSeconds: "0 <= number <= 86400",
});
export type TranscriptTurn = typeof transcriptTurn.infer;

// https only: the portal's Content-Security-Policy lets media load from https origins alone. Public only: the
// link is opened by the staff's browsers and will be fetched by the server (see public-url.ts).
const recordingUrl = type("string.url <= 2000")
  .and(/^https:\/\//)
  .describe("an https URL of at most 2000 characters")
  .narrow((url, ctx) => {
    const problem = publicUrlProblem(url);
    return problem === null || ctx.reject({ expected: "a public https URL without credentials", problem });
  });

/**
 * POST /api/assistant/calls: the voice assistant reports a call, or an update of it, keyed by its own
 * call id. Optional fields left out keep their stored value; null clears them.
 */
export const callReport = type({
  "+": "reject",
  externalId: "1 <= string <= 200",
  callerNumber: "1 <= string <= 40",
  "callerName?": "string <= 200 | null",
  startedAt: "string.date.iso",
  status: callStatus,
  "durationSeconds?": "0 <= number.integer <= 86400",
  "outcome?": callOutcome.or("null"),
  "summary?": "string <= 4000 | null",
  "transcript?": transcriptTurn.array().atMostLength(2000),
  "recordingUrl?": recordingUrl.or("null"),
  "serviceName?": "string <= 200 | null",
});
export type CallReport = typeof callReport.infer;

/** A call as the calls list shows it (spec 3 "Call", plus the service name of the dashboard). */
export const callSummary = type({
  _id: "string",
  fromNumber: "string",
  customerName: "string | null",
  startTime: "string",
  duration: "number",
  status: callStatus,
  outcome: callOutcome.or("null"),
  summary: "string | null",
  serviceName: "string | null",
});
export type CallSummary = typeof callSummary.infer;

/** GET /api/calls/:id: everything about one call, and the booking made during it (null when none). */
export const callDetail = callSummary.and({
  externalId: "string",
  transcript: transcriptTurn.array(),
  recordingUrl: "string | null",
  /**
   * Beyond the spec, present once the server holds its own copy of the recording (the platform's link may
   * have expired): the address to play it from, for this staff member (see GET /api/calls/:id/recording).
   */
  "recordingCopyUrl?": "string",
  /** Reported while the business's recording was off: no recording link or transcript was kept. */
  recordingOff: "boolean",
  /** When the retention purge removed its transcript, recording link and summary; null while it holds them. */
  contentRemovedAt: "string | null",
  /**
   * When the server ended the call as failed because it stayed in progress with no news and the report of its
   * end never came (docs/spec-notes.md, "Calls"); null otherwise.
   */
  endUnreportedAt: "string | null",
  updatedAt: "string",
  booking: booking.or("null"),
});
export type CallDetail = typeof callDetail.infer;

/** The result of POST /api/assistant/calls. */
export const callReportResult = type({ _id: "string", externalId: "string", created: "boolean" });
export type CallReportResult = typeof callReportResult.infer;

/**
 * GET /api/calls query. Dates are ISO 8601: a bare date (YYYY-MM-DD) means that whole day in the
 * business's timezone (endDate inclusive); a date-time is an exact instant.
 */
export const callListQuery = type({
  "+": "reject",
  "page?": positiveIntegerParam(MAX_PAGE),
  "limit?": positiveIntegerParam(CALLS_MAX_LIMIT),
  "status?": callStatus,
  "startDate?": "string.date.iso",
  "endDate?": "string.date.iso",
});
export type CallListQuery = typeof callListQuery.infer;

/** Spec 3 list response: `data` holds the page, `total`, `page`, `totalPages`. */
export const callList = pageOf(callSummary);
export type CallList = typeof callList.infer;
