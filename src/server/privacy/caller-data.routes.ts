import type { AuditEntry } from "@shared/audit.schema";
import {
  type CallerErase,
  callerData,
  callerErase,
  callerSearch,
  type ErasureReceipt,
  erasureReceipt,
  OUT_OF_REACH,
} from "@shared/caller-data.schema";
import { findAuditEntry, recordAudit } from "../audit/audit.repo";
import { changeBooking, eraseCustomerBookings } from "../bookings/bookings-write.repo";
import { staffActor } from "../bookings/who-changed-booking";
import { queueAnonymisedBookings } from "../calendar/calendar-connection.repo";
import { eraseCallerCalls } from "../calls/calls-write.repo";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { ok } from "../http/respond";
import { eraseCallerToolAnswers } from "../integrations/tool-call-answers.repo";
import { outboxWritten } from "../outbox/outbox-signal";
import { storedCopiesOf } from "../recordings/recording-copies.repo";
import type { RecordingStorage } from "../recordings/recording-storage";
import { Refusal } from "../refusal";
import { callerDataExample, callerEraseExample, erasureReceiptExample } from "./caller-data.examples";
import {
  callerCalls,
  customerBookings,
  exportCallerCalls,
  findCallerCalls,
  findCustomerBookings,
} from "./caller-data.repo";
import { callerDataArchive } from "./caller-data-archive";
import { callerMatchOf } from "./caller-match";
import { recordingEntries } from "./recording-entries";
import { zipArchive } from "./zip-archive";

const NO_RECEIPT = "No such erasure receipt";
const SEARCH =
  "phone: the caller's number, compared by its digits alone (spaces, dashes, a leading + or 00 do not matter); " +
  "or name: compared whole, in any case. Exactly one of the two.";

/** The receipt an audit entry of an erasure records (null: the entry is of something else). */
function receiptOf(entry: AuditEntry): ErasureReceipt | null {
  if (entry.action !== "caller_data.erased") return null;
  return {
    _id: entry._id,
    erasedAt: entry.occurredAt,
    erasedBy: entry.actor.kind === "user" ? entry.actor.email : null,
    ...entry.details,
    outOfReach: [...OUT_OF_REACH],
  };
}

/**
 * The decisions of an erasure checked against the caller's upcoming bookings (read FOR UPDATE): one for
 * each, none for any other booking; the ones to cancel.
 */
function bookingsToCancel(upcoming: readonly string[], decisions: CallerErase["decisions"]): string[] {
  const decided = new Map(decisions.map(({ bookingId, decision }) => [bookingId.toLowerCase(), decision]));
  const missing = upcoming.filter((id) => !decided.has(id));
  if (missing.length > 0)
    throw new Refusal(
      "VALIDATION",
      `Decide for each upcoming booking whether to cancel or keep it (${missing.length} without a decision: ${missing.join(", ")})`,
      { field: "decisions" },
    );
  const strangers = [...decided.keys()].filter((id) => !upcoming.includes(id));
  if (strangers.length > 0)
    throw new Refusal(
      "VALIDATION",
      `Decisions name bookings that are not this caller's upcoming ones: ${strangers.join(", ")}`,
      { field: "decisions" },
    );
  return upcoming.filter((id) => decided.get(id) === "cancel");
}

/** Issue 23 §2, the privacy desk: one caller's calls and bookings found, downloaded (art. 15) and erased (art. 17). */
export function callerDataRoutes(
  { db, clock }: Pick<AppDeps, "db" | "clock">,
  guards: RouteGuards,
  recordings: RecordingStorage,
) {
  const router = new ApiRouter("/api/privacy/caller", guards);

  router.add(
    {
      method: "get",
      path: "/",
      summary: "Every call and booking of one caller",
      description:
        `${SEARCH} Calls newest first, each saying whether it has a transcript (the download holds it). ` +
        "Bookings: the upcoming ones first (pending or confirmed, not yet over: erasing asks what to do with " +
        "each), soonest first, then the others newest first.",
      auth: "user",
      query: callerSearch,
      response: callerData,
      examples: { query: { phone: "+1 718 555 0142" }, response: callerDataExample },
      errors: [],
    },
    async (c, { query }) => {
      const { businessId } = c.get("auth");
      const match = callerMatchOf(query);
      return ok(c, {
        calls: await findCallerCalls(db, businessId, match),
        bookings: await findCustomerBookings(db, businessId, match, clock()),
      });
    },
  );

  router.add(
    {
      method: "get",
      path: "/export",
      summary:
        "Download one caller's data: a zip of their calls, transcripts and bookings as JSON and CSV, and " +
        "their calls' recordings",
      description:
        `${SEARCH} The zip holds readme.txt (the files and their columns), calls.json (with transcripts), ` +
        "calls.csv, transcripts.csv, bookings.json and bookings.csv, then the recordings the server keeps " +
        "of those calls as `recordings/<call id>.<extension of its type>` (stored uncompressed; one deleted " +
        "while the download runs is left out). The download is recorded in the audit log " +
        "(caller_data.exported), without what was searched.",
      auth: "user",
      query: callerSearch,
      response: null,
      file: "application/zip",
      examples: { query: { phone: "+1 718 555 0142" } },
      errors: [],
    },
    async (c, { query }) => {
      const { businessId, userId } = c.get("auth");
      const now = clock();
      const match = callerMatchOf(query);
      const file = {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="caller-data-${now.toISOString().slice(0, 10)}.zip"`,
        "Cache-Control": "no-store",
      };
      // A HEAD (Hono answers it with the GET route) asks what the file would be: nothing is read or recorded.
      if (c.req.method === "HEAD") return c.body(null, 200, file);
      const found = {
        calls: await exportCallerCalls(db, businessId, match),
        bookings: await findCustomerBookings(db, businessId, match, now),
      };
      const copies = await storedCopiesOf(
        db,
        businessId,
        found.calls.map((call) => call._id),
      );
      await db.transaction((tx) =>
        recordAudit(tx, {
          businessId,
          actor: { userId },
          at: now,
          action: "caller_data.exported",
          details: {},
        }),
      );
      const archive = callerDataArchive(found, now, recordingEntries(recordings, businessId, [copies]));
      return c.body(zipArchive(archive), 200, file);
    },
  );

  router.add(
    {
      method: "post",
      path: "/erase",
      summary:
        "Erase one caller's data, with a decision for each of their upcoming bookings; answers a receipt",
      description:
        `${SEARCH} decisions: one for each upcoming booking of the caller (as GET lists them), cancel or ` +
        "keep; a missing one, or one for any other booking, is 400 VALIDATION (field decisions) and nothing " +
        "changes, as when a booking of the caller is made while the erasure runs. In one transaction: the bookings to cancel are cancelled by the booking rule (their " +
        "Telegram and calendar notices follow as for any cancel), then every call of the caller loses its " +
        "number, name, transcript, summary and recording link and every booking its customer's name, " +
        "phone and notes (the Google Calendar events of the kept ones, past appointments too, are rewritten without " +
        "them); " +
        "the rows stay, so the figures do not change. What the voice platforms' tool calls " +
        "of the last week were answered is deleted where it names the caller or one of their bookings. The " +
        "receipt holds counts, when and by whom — no personal data — and is recorded in the audit log " +
        "(caller_data.erased), from whose entry GET /receipts/{id} reads it again. 404 NOT_FOUND when the " +
        "business holds nothing of the caller.",
      auth: "user",
      body: callerErase,
      response: erasureReceipt,
      examples: { body: callerEraseExample, response: erasureReceiptExample },
      errors: ["NOT_FOUND"],
    },
    async (c, { body }) => {
      const auth = c.get("auth");
      const { businessId, userId } = auth;
      const match = callerMatchOf(body);
      const now = clock();
      const erased = await db.transaction(async (tx) => {
        const booked = await findCustomerBookings(tx, businessId, match, now, { lock: true });
        const upcoming = booked.filter((booking) => booking.upcoming).map((booking) => booking._id);
        const toCancel = bookingsToCancel(upcoming, body.decisions);
        const actor = await staffActor(tx, auth);
        for (const bookingId of toCancel)
          await changeBooking(tx, { businessId, bookingId, actor, event: { type: "booking.cancel" }, now });
        const calls = await eraseCallerCalls(tx, businessId, callerCalls(match), now);
        const erasedBookings = await eraseCustomerBookings(tx, businessId, customerBookings(match), now);
        // On PostgreSQL a booking of theirs committed after the read above is erased by this statement too,
        // though no one decided on it: refused (and undone), so the desk reads their bookings again.
        const read = new Set(booked.map((booking) => booking._id));
        if (erasedBookings.some((id) => !read.has(id)))
          throw new Refusal(
            "VALIDATION",
            "A booking of this caller was made while erasing: read their bookings again and decide on it",
            { field: "decisions" },
          );
        const bookings = erasedBookings.length;
        if (calls + bookings === 0) throw new Refusal("NOT_FOUND", "No call or booking of that caller");
        // Google shows the kept ones' name and phone in their events, past ones too: rewritten from the blanked rows.
        const rewritten = await queueAnonymisedBookings(tx, { businessId, bookingIds: erasedBookings, now });
        // What the voice platforms' tool calls were answered may name them too (a booking, a number).
        await eraseCallerToolAnswers(
          tx,
          businessId,
          match,
          booked.map((booking) => booking._id),
        );
        const id = await recordAudit(tx, {
          businessId,
          actor: { userId },
          at: now,
          action: "caller_data.erased",
          details: { calls, bookings, cancelledBookings: toCancel.length },
        });
        return { id, cancelled: toCancel.length, rewritten };
      });
      // changeBooking told the channels of its outbox rows before this transaction committed them.
      if (erased.cancelled + erased.rewritten > 0) outboxWritten([businessId]);
      const entry = await findAuditEntry(db, businessId, erased.id);
      const receipt = entry && receiptOf(entry);
      if (!receipt) throw new Error(`The erasure's audit entry ${erased.id} cannot be read back`);
      return ok(c, receipt);
    },
  );

  router.add(
    {
      method: "get",
      path: "/receipts/:id",
      summary: "An erasure's receipt again, by its id (its audit log entry)",
      auth: "user",
      response: erasureReceipt,
      examples: { response: erasureReceiptExample },
      errors: ["NOT_FOUND"],
    },
    async (c) => {
      const businessId = c.get("auth").businessId;
      const id = c.req.param("id") ?? "";
      // The audit log's ids are bigints: anything else names no entry.
      const entry = /^[0-9]{1,18}$/.test(id) ? await findAuditEntry(db, businessId, id) : null;
      const receipt = entry && receiptOf(entry);
      if (!receipt) throw new Refusal("NOT_FOUND", NO_RECEIPT);
      return ok(c, receipt);
    },
  );

  return router;
}
