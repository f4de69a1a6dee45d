import { BOOKING_SOURCES, BOOKING_STATUSES } from "@shared/booking.constants";
import type { CallerBooking, ExportedCall } from "@shared/caller-data.schema";
import { CALL_OUTCOMES, CALL_STATUSES } from "@shared/calls.constants";
import { AUDIO_EXTENSIONS } from "../recordings/audio-types";
import { csvLine, FORMULA_NOTE } from "./csv";
import { RECORDINGS_FOLDER } from "./recording-entries";
import type { ArchiveEntry } from "./zip-archive";

const CALL_COLUMNS = [
  ["_id", "the call's id"],
  ["startTime", "when it started (ISO 8601, UTC)"],
  ["fromNumber", "the number it came from"],
  ["customerName", "the caller's name, as the assistant heard it (empty: not known)"],
  ["status", `${CALL_STATUSES.join(", ")}`],
  ["duration", "its length in seconds"],
  ["outcome", `what came of it: ${CALL_OUTCOMES.join(", ")} (empty: not known)`],
  ["serviceName", "the service it was about (empty: none)"],
  ["summary", "the assistant's summary of it"],
  ["recordingUrl", "where its recording is (empty: none kept)"],
] as const satisfies readonly (readonly [keyof ExportedCall, string])[];

const TURN_COLUMNS = [
  ["callId", "the call's id (calls.csv _id)"],
  ["offsetSeconds", "seconds from the start of the call"],
  ["speaker", "caller or assistant"],
  ["text", "what was said"],
] as const;

const BOOKING_COLUMNS = [
  ["_id", "the booking's id"],
  ["customerName", "the customer's name"],
  ["customerPhone", "the customer's phone number"],
  ["notes", "notes taken with the booking"],
  ["serviceName", "the service booked"],
  ["startTime", "the appointment's start (ISO 8601, UTC)"],
  ["endTime", "the appointment's end (ISO 8601, UTC)"],
  ["status", BOOKING_STATUSES.join(", ")],
  ["source", `who made it: ${BOOKING_SOURCES.join(" or ")}`],
  ["createdAt", "when it was made (ISO 8601, UTC)"],
  ["upcoming", "true when the appointment is still to come"],
] as const satisfies readonly (readonly [keyof CallerBooking, string])[];

const columnsText = (columns: readonly (readonly [string, string])[]) =>
  columns.map(([name, meaning]) => `  ${name}: ${meaning}`).join("\n");

function readme(at: Date): string {
  return `Everything this business holds about one caller, as of ${at.toISOString()}.

calls.json / calls.csv: the caller's calls, newest first. Columns:
${columnsText(CALL_COLUMNS)}
  calls.json also holds each call's transcript.

transcripts.csv: every turn of those calls' transcripts, call by call. Columns:
${columnsText(TURN_COLUMNS)}

bookings.json / bookings.csv: the caller's bookings, upcoming ones first. Columns:
${columnsText(BOOKING_COLUMNS)}

${RECORDINGS_FOLDER}CALL_ID.EXT: the recordings of those calls the business keeps, one file per call (a call
  without one has none). CALL_ID is the call's _id; EXT says the audio's type (${AUDIO_EXTENSIONS.join(", ")};
  bin for any other).

The CSV files are RFC 4180 (comma-separated, UTF-8, CRLF line ends); an empty field is a value not known.
${FORMULA_NOTE.join("\n")}
`;
}

async function* csvOf<Row>(
  columns: readonly (readonly [string, string])[],
  rows: Iterable<Row>,
  values: (row: Row) => unknown[],
) {
  yield csvLine(columns.map(([name]) => name));
  for (const row of rows) yield csvLine(values(row));
}

async function* once(text: string) {
  yield text;
}

/**
 * The download of one caller's data (GDPR art. 15): JSON and CSV of their calls, transcripts and bookings, a
 * readme, then the files of their calls' recordings (`recordings`, see recordingEntries).
 */
export async function* callerDataArchive(
  data: { calls: readonly ExportedCall[]; bookings: readonly CallerBooking[] },
  at: Date,
  recordings: AsyncIterable<ArchiveEntry>,
): AsyncGenerator<ArchiveEntry> {
  const turns = data.calls.flatMap((call) => call.transcript.map((turn) => ({ callId: call._id, ...turn })));
  yield { path: "readme.txt", content: () => once(readme(at)) };
  yield { path: "calls.json", content: () => once(JSON.stringify(data.calls, null, 2)) };
  yield {
    path: "calls.csv",
    content: () => csvOf(CALL_COLUMNS, data.calls, (call) => CALL_COLUMNS.map(([name]) => call[name])),
  };
  yield {
    path: "transcripts.csv",
    content: () => csvOf(TURN_COLUMNS, turns, (turn) => TURN_COLUMNS.map(([name]) => turn[name])),
  };
  yield { path: "bookings.json", content: () => once(JSON.stringify(data.bookings, null, 2)) };
  yield {
    path: "bookings.csv",
    content: () =>
      csvOf(BOOKING_COLUMNS, data.bookings, (booking) => BOOKING_COLUMNS.map(([name]) => booking[name])),
  };
  yield* recordings;
}
