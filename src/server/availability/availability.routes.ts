import { AVAILABILITY_AUDIT_FIELDS } from "@shared/audit.schema";
import {
  type Availability,
  availability,
  availabilityUpdate,
  blackoutDate,
  blackoutDateInput,
} from "@shared/availability.schema";
import { recordAudit, recordChangedFields } from "../audit/audit.repo";
import { changedFields } from "../audit/changed-fields";
import { slotsOfRequest } from "../bookings/booking-move-slots";
import {
  availabilityRulesOf,
  findBusiness,
  lockBusiness,
  updateAvailabilityRules,
} from "../company/businesses.repo";
import type { Executor } from "../db/database";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { ok } from "../http/respond";
import { Refusal, unauthenticated } from "../refusal";
import {
  availabilityExample,
  availabilityUpdateExample,
  blackoutDateExample,
  blackoutDateInputExample,
} from "./availability.examples";
import { deleteBlackoutDate, insertBlackoutDate, listBlackoutDates } from "./blackout-dates.repo";
import type { SlotFinder } from "./slot-finder";
import { SLOTS_ROUTE, slotsAnswer } from "./slots-answer";
import { readWeeklySchedule, replaceWeeklySchedule } from "./weekly-hours.repo";

const NO_BLACKOUT = "No such blackout date";

async function readAvailability(db: Executor, businessId: string): Promise<Availability> {
  const [business, weeklySchedule, blackoutDates] = await Promise.all([
    findBusiness(db, businessId),
    readWeeklySchedule(db, businessId),
    listBlackoutDates(db, businessId),
  ]);
  if (!business) throw unauthenticated();
  return { weeklySchedule, blackoutDates, ...availabilityRulesOf(business), timezone: business.timezone };
}

/** Issue 8 §2: opening hours, days off and the rules around appointments, and the free slots they leave. */
export function availabilityRoutes(
  { db, clock }: Pick<AppDeps, "db" | "clock">,
  guards: RouteGuards,
  findSlots: SlotFinder,
) {
  const router = new ApiRouter("/api/availability", guards);

  router.add(
    {
      method: "get",
      path: "/",
      summary: "The weekly schedule, every blackout date (past ones too) and the rules around appointments",
      description:
        "Times are HH:MM local to the business (an end may be 24:00), dates YYYY-MM-DD; weeklySchedule has " +
        'one key per weekday, "0" (Sunday) to "6" (Saturday), each with its ranges in order. Blackouts are ' +
        "ordered by their start; each is one span from startTime on startDate to endTime on endDate, a null " +
        "startTime being 00:00 and a null endTime 24:00.",
      auth: "user",
      response: availability,
      examples: { response: availabilityExample },
      errors: [],
    },
    async (c) => ok(c, await readAvailability(db, c.get("auth").businessId)),
  );

  router.add(
    {
      method: "put",
      path: "/",
      summary: "Replace the weekly schedule and the rules (all or nothing)",
      description:
        "Every weekday must be present (an empty list: closed that day). Ranges of a day may not overlap " +
        "and end after they start. Answers as GET does.",
      auth: "user",
      body: availabilityUpdate,
      response: availability,
      examples: { body: availabilityUpdateExample, response: availabilityExample },
      errors: [],
    },
    async (c, { body }) => {
      const { businessId, userId } = c.get("auth");
      const saved = await db.transaction(async (tx) => {
        await lockBusiness(tx, businessId);
        const before = await readAvailability(tx, businessId);
        await updateAvailabilityRules(tx, businessId, body);
        await replaceWeeklySchedule(tx, businessId, body.weeklySchedule);
        const after = await readAvailability(tx, businessId);
        const fields = changedFields(AVAILABILITY_AUDIT_FIELDS, before, after);
        await recordChangedFields(tx, {
          businessId,
          actor: { userId },
          at: clock(),
          action: "availability.updated",
          details: { fields },
        });
        return after;
      });
      return ok(c, saved);
    },
  );

  router.add(
    {
      method: "post",
      path: "/blackout-dates",
      summary:
        "Close the business for one span of time: part of a day, whole days, or e.g. Friday 14:00 to Monday 10:00",
      description:
        "The business is closed from startTime on startDate to endTime on endDate, local to the business " +
        "(times HH:MM). startTime null is the start of startDate (00:00) and endTime null the end of endDate " +
        "(24:00, also allowed as a time); each may be null alone. The end must come after the start: endDate " +
        "on or after startDate, endTime after startTime on one day, and endTime not 00:00 (a span ending at " +
        "midnight ends the day before, with endTime null).",
      auth: "user",
      body: blackoutDateInput,
      response: blackoutDate,
      status: 201,
      examples: { body: blackoutDateInputExample, response: blackoutDateExample },
      errors: [],
    },
    async (c, { body }) => {
      const { businessId, userId } = c.get("auth");
      const blackout = await db.transaction(async (tx) => {
        const blackout = await insertBlackoutDate(tx, businessId, body);
        const details = { startDate: blackout.startDate, endDate: blackout.endDate };
        await recordAudit(tx, {
          businessId,
          actor: { userId },
          at: clock(),
          action: "blackout.added",
          details,
        });
        return blackout;
      });
      return ok(c, blackout, 201);
    },
  );

  router.add(
    {
      method: "delete",
      path: "/blackout-dates/:id",
      summary: "Remove a blackout date (past ones too)",
      auth: "user",
      response: null,
      errors: ["NOT_FOUND"],
    },
    async (c) => {
      const id = readIdParam(c, NO_BLACKOUT);
      const { businessId, userId } = c.get("auth");
      await db.transaction(async (tx) => {
        const details = await deleteBlackoutDate(tx, businessId, id);
        if (!details) throw new Refusal("NOT_FOUND", NO_BLACKOUT);
        await recordAudit(tx, {
          businessId,
          actor: { userId },
          at: clock(),
          action: "blackout.removed",
          details,
        });
      });
      return ok(c, null);
    },
  );

  router.add(
    {
      ...SLOTS_ROUTE,
      summary:
        "The free slots of a service, or of a booking's move, exactly as the assistant is offered them",
      auth: "user",
    },
    async (c, { query }) =>
      slotsAnswer(c, await slotsOfRequest(db, findSlots, c.get("auth").businessId, query)),
  );

  return router;
}
