import { type } from "arktype";
import { bookingSource, bookingStatus } from "./booking.schema";
import { callOutcome, callStatus, transcriptTurn } from "./calls.schema";

/**
 * The privacy desk (issue 23 §2): one caller's calls and bookings found, downloaded and erased. A caller is
 * named by a phone number (compared by its digits alone, however either side wrote it) or by a name
 * (compared whole, any case): exactly one of the two.
 */
const phone = type("string.trim")
  .to(type("string <= 40").and(/[0-9]/))
  .describe("a phone number with at least one digit, at most 40 characters");
const name = type("string.trim").to("1 <= string <= 200");

const searchFields = { "phone?": phone, "name?": name } as const;
export const callerSearch = type({ "+": "reject", ...searchFields });
export type CallerSearch = typeof callerSearch.infer;

/** One of the caller's calls: its transcript only said present or not (the download holds it). */
export const callerCall = type({
  _id: "string",
  startTime: "string",
  fromNumber: "string",
  customerName: "string | null",
  status: callStatus,
  duration: "number",
  outcome: callOutcome.or("null"),
  serviceName: "string | null",
  summary: "string | null",
  hasTranscript: "boolean",
  recordingUrl: "string | null",
});
export type CallerCall = typeof callerCall.infer;

/** One of the caller's bookings; `upcoming`: pending or confirmed and not yet over, so erasing asks about it. */
export const callerBooking = type({
  _id: "string",
  customerName: "string",
  customerPhone: "string",
  notes: "string | null",
  serviceName: "string",
  startTime: "string",
  endTime: "string",
  status: bookingStatus,
  source: bookingSource,
  createdAt: "string",
  upcoming: "boolean",
});
export type CallerBooking = typeof callerBooking.infer;

/** GET /api/privacy/caller: calls newest first; bookings upcoming first (soonest first), then the rest newest first. */
export const callerData = type({ calls: callerCall.array(), bookings: callerBooking.array() });
export type CallerData = typeof callerData.infer;

/** The download's calls.json: each call with its transcript. */
export const exportedCall = callerCall.omit("hasTranscript").and({ transcript: transcriptTurn.array() });
export type ExportedCall = typeof exportedCall.infer;

export const UPCOMING_DECISIONS = ["cancel", "keep"] as const;
export type UpcomingDecision = (typeof UPCOMING_DECISIONS)[number];

/**
 * POST /api/privacy/caller/erase: the caller searched for, and a decision for each of their upcoming
 * bookings (by id): cancelled through the booking rule, or kept (its customer's details erased all the same).
 */
export const callerErase = type({
  "+": "reject",
  ...searchFields,
  decisions: type({ bookingId: "string.uuid", decision: type.enumerated(...UPCOMING_DECISIONS) })
    .array()
    .atMostLength(1000),
});
export type CallerErase = typeof callerErase.infer;

/**
 * What an erasure leaves beyond the business's reach: messages Telegram already delivered, and the Google
 * Calendar events the owner deleted there or of a calendar not connected now (a kept booking's event is
 * rewritten at once without the name and phone, a past appointment's too; a cancelled one's is deleted).
 */
export const OUT_OF_REACH = ["telegramMessages", "calendarEvents"] as const;

/**
 * The receipt of an erasure: counts, when, by whom — no personal data, not even what was searched. Its id
 * is the audit log entry that records it, from which it can be read again.
 */
export const erasureReceipt = type({
  _id: "string",
  erasedAt: "string",
  erasedBy: "string | null",
  calls: "number.integer >= 0",
  bookings: "number.integer >= 0",
  cancelledBookings: "number.integer >= 0",
  outOfReach: type.enumerated(...OUT_OF_REACH).array(),
});
export type ErasureReceipt = typeof erasureReceipt.infer;
