import {
  BOOKINGS_MAX_LIMIT,
  BOOKINGS_PAGE_SIZE,
  bookingCounts,
  bookingDetail,
  bookingList,
  bookingListQuery,
  bookingsToReview,
} from "@shared/booking.schema";
import { inclusiveRange } from "../calls/call-list-range";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { ok } from "../http/respond";
import { type RecordingLinks, withCopyUrl } from "../recordings/recording-links";
import { Refusal } from "../refusal";
import { createBusinessTimezones } from "../time/business-timezones";
import {
  bookingCountsExample,
  bookingDetailExample,
  bookingListExample,
  bookingsToReviewExample,
} from "./bookings.examples";
import {
  countPendingBookings,
  findBookingDetail,
  listBookings,
  listBookingsInZone,
  listBookingsToReview,
} from "./bookings-read.repo";

const NO_BOOKING = "No such booking";

/** Spec 7 "Bookings", the reads: the list, one booking with its timeline and call, the sidebar's count. */
export function bookingsRoutes(
  { db, clock }: Pick<AppDeps, "db" | "clock">,
  guards: RouteGuards,
  recordingLinks: RecordingLinks,
) {
  const router = new ApiRouter("/api/bookings", guards);
  const inBusinessTimezone = createBusinessTimezones(db);

  router.add(
    {
      method: "get",
      path: "/",
      summary: "A page of the business's bookings, with the exact total",
      description:
        "scope upcoming (the default: starting now or later, soonest first), past (started before now, " +
        "newest first) or all (in time order). status filters on the server, over all pages, and total " +
        "and totalPages count what it lets through. from and to bound the start time, ISO 8601: a bare " +
        "date (YYYY-MM-DD) is that whole day in the business's timezone, to's day included; a date-time is " +
        "that instant (in the business's timezone when it has no offset). page ≥ 1 (a page past the last " +
        `is empty, with the exact total); limit 1–100, default ${BOOKINGS_PAGE_SIZE}. callId is the call ` +
        "the booking was made during, also when that call was reported after the booking. Unknown " +
        "parameters are refused.",
      auth: "user",
      query: bookingListQuery,
      response: bookingList,
      examples: {
        query: {
          page: "5",
          limit: "10",
          status: "confirmed",
          scope: "all",
          from: "2026-03-01",
          to: "2026-03-31",
        },
        response: bookingListExample,
      },
      errors: [],
    },
    async (c, { query }) => {
      const { businessId } = c.get("auth");
      const page = query.page ?? 1;
      const limit = query.limit ?? BOOKINGS_PAGE_SIZE;
      const filter = {
        status: query.status ?? null,
        scope: query.scope ?? "upcoming",
        page,
        limit,
        now: clock(),
      };
      const { total, data } =
        query.from === undefined && query.to === undefined
          ? await listBookings(db, businessId, { ...filter, range: { from: null, to: null } })
          : await inBusinessTimezone(businessId, (timezone) =>
              listBookingsInZone(db, businessId, timezone, {
                ...filter,
                range: inclusiveRange(
                  { name: "from", text: query.from },
                  { name: "to", text: query.to },
                  timezone,
                ),
              }),
            );
      return ok(c, { data, total, page, totalPages: Math.ceil(total / limit) });
    },
  );

  // Before /:id, which would take "counts" and "review" for ids.
  router.add(
    {
      method: "get",
      path: "/counts",
      summary: "How many bookings wait for confirmation (the sidebar's badge)",
      description:
        "pending counts the business's pending bookings that have not started yet: what the list shows " +
        "with status=pending in its default scope (upcoming).",
      auth: "user",
      response: bookingCounts,
      examples: { response: bookingCountsExample },
      errors: [],
    },
    async (c) => ok(c, { pending: await countPendingBookings(db, c.get("auth").businessId, clock()) }),
  );

  router.add(
    {
      method: "get",
      path: "/review",
      summary: "The bookings the owner deleted or moved in Google Calendar, waiting on staff's decision",
      description:
        "Beyond the spec. Pending and confirmed bookings whose event was deleted in the connected Google " +
        "Calendar (calendar.deletedInGoogleAt; never cancelled for it) or moved there to a time a booking " +
        "rule refuses (calendar.moveRefusal: the refusal's code and the time it was moved to), soonest " +
        `first, at most ${BOOKINGS_MAX_LIMIT} of them; total counts them all. A booking leaves the list once it is cancelled or completed, ` +
        "its event restored, or its new time delivered to Google.",
      auth: "user",
      response: bookingsToReview,
      examples: { response: bookingsToReviewExample },
      errors: [],
    },
    async (c) => ok(c, await listBookingsToReview(db, c.get("auth").businessId, BOOKINGS_MAX_LIMIT)),
  );

  router.add(
    {
      method: "get",
      path: "/:id",
      summary: "One booking of the business, with its timeline and the call it came from",
      description:
        "timeline lists every change, oldest first. call is the call the booking was made during (null " +
        "when none, or when that call has not been reported yet). price is in the major units of currency (the business's, ISO 4217). " +
        "Another business's booking, like an unknown or malformed id, is 404.",
      auth: "user",
      response: bookingDetail,
      examples: { response: bookingDetailExample },
      errors: ["NOT_FOUND"],
    },
    async (c) => {
      const auth = c.get("auth");
      const booking = await findBookingDetail(db, auth.businessId, readIdParam(c, NO_BOOKING));
      if (!booking) throw new Refusal("NOT_FOUND", NO_BOOKING);
      const call = booking.call && withCopyUrl(recordingLinks, auth, clock(), booking.call);
      return ok(c, { ...booking, call });
    },
  );

  return router;
}
