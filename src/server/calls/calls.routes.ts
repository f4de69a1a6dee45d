import { CALLS_PAGE_SIZE, callDetail, callList, callListQuery } from "@shared/calls.schema";
import { findBookingOfCall } from "../bookings/bookings-read.repo";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { ok } from "../http/respond";
import { type RecordingLinks, withCopyUrl } from "../recordings/recording-links";
import { Refusal } from "../refusal";
import { createBusinessTimezones } from "../time/business-timezones";
import { startTimeRange } from "./call-list-range";
import { callDetailExample, callListExample } from "./calls.examples";
import { findCallDetail, listCalls, listCallsInZone } from "./calls.repo";

const NO_CALL = "No such call";

/** Spec 7 "Calls": the call history of the signed-in staff member's business. */
export function callsRoutes(
  { db, clock }: Pick<AppDeps, "db" | "clock">,
  guards: RouteGuards,
  recordingLinks: RecordingLinks,
) {
  const router = new ApiRouter("/api/calls", guards);
  const inBusinessTimezone = createBusinessTimezones(db);

  router.add(
    {
      method: "get",
      path: "/",
      summary: "A page of the business's calls, newest first, with the exact total",
      description:
        "Newest first by start time (ties by id). page ≥ 1 (a page past the last is empty, with the exact " +
        `total); limit 1–100, default ${CALLS_PAGE_SIZE}. startDate and endDate are ISO 8601: a bare date ` +
        "(YYYY-MM-DD) is that whole day in the business's timezone, endDate's day included; a date-time is " +
        "that instant (in the business's timezone when it has no offset). Unknown parameters are refused.",
      auth: "user",
      query: callListQuery,
      response: callList,
      examples: {
        query: {
          page: "5",
          limit: "10",
          status: "completed",
          startDate: "2026-02-01",
          endDate: "2026-02-28",
        },
        response: callListExample,
      },
      errors: [],
    },
    async (c, { query }) => {
      const { businessId } = c.get("auth");
      const page = query.page ?? 1;
      const limit = query.limit ?? CALLS_PAGE_SIZE;
      const filter = { status: query.status ?? null, page, limit };
      const { total, data } =
        query.startDate === undefined && query.endDate === undefined
          ? await listCalls(db, businessId, { ...filter, range: { from: null, to: null } })
          : await inBusinessTimezone(businessId, (timezone) =>
              listCallsInZone(db, businessId, timezone, {
                ...filter,
                range: startTimeRange(query, timezone),
              }),
            );
      return ok(c, { data, total, page, totalPages: Math.ceil(total / limit) });
    },
  );

  router.add(
    {
      method: "get",
      path: "/:id",
      summary: "One call of the business, with its transcript, recording and the booking made during it",
      description:
        "booking is the booking made during the call (linked to it, or naming its externalId when the " +
        "assistant booked before it reported the call); the latest when there are several; null when none. " +
        "recordingCopyUrl, beyond the spec, is present once the server holds its own copy of the recording: " +
        "the address (GET /api/calls/{id}/recording with a token for this staff member) to play it from.",
      auth: "user",
      response: callDetail,
      examples: { response: callDetailExample },
      errors: ["NOT_FOUND"],
    },
    async (c) => {
      const auth = c.get("auth");
      const call = await findCallDetail(db, auth.businessId, readIdParam(c, NO_CALL));
      if (!call) throw new Refusal("NOT_FOUND", NO_CALL);
      const booking = await findBookingOfCall(db, auth.businessId, {
        id: call._id,
        externalId: call.externalId,
      });
      return ok(c, { ...withCopyUrl(recordingLinks, auth, clock(), call), booking });
    },
  );

  return router;
}
