import { assistantConfig } from "@shared/assistant.schema";
import { callReport, callReportResult } from "@shared/calls.schema";
import { assistantPhoneNumberBody } from "@shared/company.schema";
import { recordAudit } from "../audit/audit.repo";
import type { SlotFinder } from "../availability/slot-finder";
import { SLOTS_ROUTE, slotsAnswer } from "../availability/slots-answer";
import { slotsOfRequest } from "../bookings/booking-move-slots";
import { addCallImportRoute } from "../calls/call-import.route";
import { createCallIngest } from "../calls/call-ingest";
import { UNREPORTED_END_MS } from "../calls/unreported-ends";
import { lockBusiness, updatePhoneNumber } from "../company/businesses.repo";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { ok } from "../http/respond";
import { unauthenticated } from "../refusal";
import {
  assistantConfigExample,
  assistantPhoneNumberExample,
  callReportExample,
  callReportResultExample,
} from "./assistant.examples";
import { readAssistantConfig } from "./assistant-config";
import type { AssistantKeyDirectory } from "./assistant-key-directory";
import type { AssistantKeyLookup } from "./require-assistant-key";

/** The voice assistant's own API: server to server, authenticated by X-Api-Key, scoped to the key's business. */
export function assistantRoutes(
  { db, clock, logger }: Pick<AppDeps, "db" | "clock" | "logger">,
  guards: RouteGuards,
  keys: { lookup: AssistantKeyLookup; directory: AssistantKeyDirectory },
  findSlots: SlotFinder,
) {
  const router = new ApiRouter("/api/assistant", guards);
  const ingest = createCallIngest({ db, clock }, keys);

  router.add(
    {
      method: "post",
      path: "/calls",
      summary: "Report a call, or an update of it (idempotent per externalId)",
      description:
        "Answers 201 with created: true for a call's first report and 200 with created: false for every later " +
        "report of the same externalId, which updates that call — concurrent retries included, never a " +
        "duplicate. Optional fields left out keep their stored value; null clears them. A report saying " +
        "in-progress about a call that has already finished (completed, missed or failed) is stale and changes " +
        `nothing. A call still in progress with no report for ${UNREPORTED_END_MS / 3_600_000} hours is ` +
        "ended as failed by the server; a later report of its end replaces that. A report of a call the " +
        "retention purge deleted answers that " +
        "call's id with created: false and stores nothing. startedAt is ISO 8601; without an offset it is " +
        "read in the business's timezone.",
      auth: "presumedAssistantKey",
      body: callReport,
      response: callReportResult,
      status: [201, 200],
      examples: { body: callReportExample, response: callReportResultExample },
      errors: [],
    },
    async (c, { body }) => {
      const { id, created } = await ingest.report(c.get("assistantClaim"), body);
      return ok(c, { _id: id, externalId: body.externalId, created }, created ? 201 : 200);
    },
  );

  addCallImportRoute(router, ingest, (error) =>
    logger.error("A call of an import could not be stored", error),
  );

  router.add(
    {
      method: "get",
      path: "/config",
      summary:
        "What the assistant needs to answer the phone: company, hours, active services, transfer rules",
      description:
        "Field names carry their units: durationMinutes, maxWaitSeconds. Prices are { amount, currency }: " +
        "amount in the currency's major units (120.5 is 120.50), currency an ISO 4217 code. weeklySchedule " +
        'holds the opening hours per weekday ("0" Sunday to "6" Saturday) as HH:MM ranges local to the ' +
        "business; workingHours and workingDays summarise them. A service's id is what GET " +
        "/api/assistant/slots asks for. language (en, pl, fr, de, es, nl) is the business's own, to greet " +
        "callers in. recordCalls false: the business does not want calls recorded — do not record, and " +
        "leave recordingUrl and transcript out of call reports (while it is false they are not stored). " +
        "Every change made in the portal shows here on the next request.",
      auth: "assistantKey",
      response: assistantConfig,
      examples: { response: assistantConfigExample },
      errors: [],
    },
    async (c) => {
      const config = await readAssistantConfig(db, c.get("assistant").businessId);
      if (!config) throw unauthenticated();
      return ok(c, config);
    },
  );

  router.add(
    {
      method: "put",
      path: "/phone-number",
      summary: "Report the number the assistant answers for the business (the company's phone number)",
      description:
        "An international number (+ and country code, 7 to 15 digits; spaces, dashes, dots and brackets " +
        "allowed), stored trimmed. The portal shows it read-only. A default transfer number that was the " +
        "old company number follows to the new one.",
      auth: "assistantKey",
      body: assistantPhoneNumberBody,
      response: assistantPhoneNumberBody,
      examples: { body: assistantPhoneNumberExample, response: assistantPhoneNumberExample },
      errors: [],
    },
    async (c, { body }) => {
      const { businessId } = c.get("assistant");
      await db.transaction(async (tx) => {
        const business = await lockBusiness(tx, businessId);
        // The assistant may report its number at every start: only a new one is a change to record.
        if (business.phoneNumber === body.phoneNumber) return;
        await updatePhoneNumber(tx, businessId, body.phoneNumber);
        await recordAudit(tx, {
          businessId,
          actor: "assistant",
          at: clock(),
          action: "company.phone_number_changed",
          details: {},
        });
      });
      return ok(c, { phoneNumber: body.phoneNumber });
    },
  );

  router.add(
    {
      ...SLOTS_ROUTE,
      summary:
        "The free slots of a service (its id from GET /api/assistant/config), or those a booking may move to",
      auth: "assistantKey",
    },
    async (c, { query }) =>
      slotsAnswer(c, await slotsOfRequest(db, findSlots, c.get("assistant").businessId, query)),
  );

  return router;
}
