import { createHash, randomUUID } from "node:crypto";
import type { AssistantPlatform } from "@shared/assistant-platforms.constants";
import { assistantBookingInput } from "@shared/booking.schema";
import type { LanguageCode } from "@shared/languages";
import { addCalendarDays, calendarDateAt, isoInZone } from "@shared/zoned-time";
import { type } from "arktype";
import type { AssistantBookingDesk, AssistantDeskCaller } from "../assistant/assistant-booking-desk";
import { readAssistantConfig } from "../assistant/assistant-config";
import type { SlotFinder } from "../availability/slot-finder";
import type { BookingRow } from "../db/schema/bookings.schema";
import { phoneDigits } from "../db/schema/calls.schema";
import type { AppDeps } from "../http/app-env";
import { isUuid } from "../http/read-id-param";
import { Refusal } from "../refusal";
import { type CatalogueService, listActiveServices } from "../services/services.repo";
import { isToolName, TOOL_ARGUMENTS, type ToolArguments, type ToolName } from "./assistant-tools";
import { type DeliveryRefusal, rulesBroken } from "./delivery-refusal";
import { externalIdOf } from "./platform-report";
import { spokenList, type ToolAnswer, toolAnswer } from "./tool-answers";

/** The call a tool call comes from, as far as the platform says, and the business it is for. */
export type ToolCallContext = {
  connectionId: string;
  businessId: string;
  provider: AssistantPlatform;
  timezone: string;
  language: LanguageCode;
  /** The platform's own call id; null when the platform sent none (Retell's "args only" payload). */
  providerCallId: string | null;
  /** The number the caller calls from; null when unknown (a web call, a withheld number, no call sent). */
  callerNumber: string | null;
  /** The tool call's key (toolCallKey): a booking it makes is this tool call's, whichever delivery ran it. */
  toolCall: string;
};

/** What the model is told, and for the connection's deliveries whether it was done (and if not, why). */
export type ToolOutcome =
  | { done: true; text: string }
  | { done: false; text: string; refusal: DeliveryRefusal };

/** At most this many times or bookings are read out: more is more than a caller takes in at once. */
const SPOKEN_MAX = 6;
/** The most days find_free_slots looks at in one call: what is read out is a handful of times anyway. */
const SLOT_DAYS_MAX = 14;

const PLATFORM_NAMES: Record<AssistantPlatform, string> = { vapi: "Vapi", retell: "Retell" };

/**
 * A tool call's key, from what identifies it: the connection, the platform's call id and the tool call's own id
 * (Vapi's toolCallId; for Retell, which sends none, a hash of its request). The same tool call sent again (a
 * retry) has the same key, any other tool call — the same tool with the same arguments included — another one.
 * Without an id (Retell's args-only payload) nothing tells a retry from a new call: every delivery a key of its own.
 */
export function toolCallKey(connectionId: string, providerCallId: string | null, toolCallId: string | null) {
  const identity =
    toolCallId === null ? randomUUID() : JSON.stringify([connectionId, providerCallId, toolCallId]);
  return createHash("sha256").update(identity).digest("base64url").slice(0, 32);
}

/**
 * At most SPOKEN_MAX of the starts (ISO text with the business's offset, in order), shared out between their
 * days: a week asked for answers a time or so of each day rather than six of the first.
 */
function spreadOverDays(starts: readonly string[]): string[] {
  const days = new Map<string, string[]>();
  for (const start of starts) {
    const day = start.slice(0, 10);
    const ofDay = days.get(day);
    if (ofDay) ofDay.push(start);
    else days.set(day, [start]);
  }
  const perDay = Math.max(1, Math.floor(SPOKEN_MAX / days.size));
  return [...days.values()].flatMap((day) => day.slice(0, perDay)).slice(0, SPOKEN_MAX);
}

/** The service the caller named: its id, its exact name (any case), or the one active service whose name holds it. */
function serviceNamed(services: readonly CatalogueService[], said: string): CatalogueService | null {
  const wanted = said.trim().toLowerCase();
  if (!wanted) return null;
  const exact = services.find((s) => s.id === said.trim() || s.name.toLowerCase() === wanted);
  if (exact) return exact;
  const partial = services.filter(
    (s) => s.name.toLowerCase().includes(wanted) || wanted.includes(s.name.toLowerCase()),
  );
  return partial.length === 1 ? partial[0]! : null;
}

/**
 * Runs the voice platforms' tools (assistant-tools.ts) for a connection's business, through the very desk our
 * own assistant API books with (assistant-booking-desk.ts), and answers in words the model can say or act
 * on. It never throws for what the model sent: a refusal becomes an answer naming what to do instead.
 */
export function createToolRunner(
  { db, clock, logger }: Pick<AppDeps, "db" | "clock" | "logger">,
  desk: AssistantBookingDesk,
  findSlots: SlotFinder,
) {
  return async function runTool(ctx: ToolCallContext, name: string, args: unknown): Promise<ToolOutcome> {
    const say = (answer: ToolAnswer, values: Record<string, string | number> = {}) =>
      toolAnswer(ctx.language, answer, values);
    const refused = (text: string, code: DeliveryRefusal["code"], reason: string): ToolOutcome => ({
      done: false,
      text,
      refusal: { code, reason },
    });
    if (!isToolName(name))
      return refused(say("unknownTool", { name }), "unknown_tool", `unknown tool "${name}"`);
    const parsed = TOOL_ARGUMENTS[name](args ?? {});
    if (parsed instanceof type.errors) {
      // One sentence however many are wrong (the summary puts each on a line of its own).
      const problem = rulesBroken(parsed);
      return refused(say("badArguments", { problem }), "bad_arguments", `arguments: ${problem}`);
    }

    const who: AssistantDeskCaller = {
      businessId: ctx.businessId,
      timezone: ctx.timezone,
      actor: { kind: "assistant", id: ctx.connectionId, name: PLATFORM_NAMES[ctx.provider] },
    };
    const time = (instant: Date) => isoInZone(instant, ctx.timezone);
    // Times are ISO text whatever the language: listed plainly, so "and N more" reads right after them.
    const times = (starts: readonly string[]) => starts.slice(0, SPOKEN_MAX).join(", ");

    const service = async (said: string) => {
      const services = await listActiveServices(db, ctx.businessId);
      const found = serviceNamed(services, said);
      if (found) return found;
      throw services.length === 0
        ? new ToolRefusal(say("noServices"), "no_services", "no active service")
        : new ToolRefusal(
            say("noService", {
              service: said,
              services: spokenList(
                ctx.language,
                services.map((s) => s.name),
              ),
            }),
            "unknown_service",
            "service names no active service",
          );
    };
    const phoneOf = (given: string | null | undefined) => {
      const phone = given || ctx.callerNumber;
      if (!phone)
        throw new ToolRefusal(say("noPhone"), "no_caller_number", "no customerPhone and no caller number");
      return phone;
    };
    /*
     * Whose bookings the call may read and change. The model's words are the caller's, and a caller may name
     * anyone's number: the caller's bookings are those this call made (booked for a number the caller gave)
     * and, when the platform gives the number the call comes from, that number's (compared by its digits, as
     * the bookings are looked up). A call without a number (a web call, a withheld one) could come from anyone
     * who knows someone's number, so it reaches only what it booked itself.
     */
    const callerNumberDigits = ctx.callerNumber === null ? "" : phoneDigits(ctx.callerNumber);
    const thisCall = ctx.providerCallId && externalIdOf(ctx.provider, ctx.providerCallId);
    const isCallers = (row: BookingRow) =>
      (callerNumberDigits !== "" && phoneDigits(row.customerPhone) === callerNumberDigits) ||
      (thisCall !== null && row.callExternalId === thisCall);
    const bookingIdOf = (id: string) => {
      // Not an id of ours at all: as unknown as another business's (no query needed to say so).
      if (!isUuid(id.trim())) throw new ToolRefusal(say("noBooking"), "no_booking", "no such booking");
      return id.trim().toLowerCase();
    };
    const bookingLine = (row: BookingRow) =>
      say("bookingItem", {
        service: row.serviceName,
        time: time(row.startTime),
        status: say(row.status === "confirmed" ? "confirmed" : "pending"),
        id: row.id,
      });

    const tools: { [N in ToolName]: (a: ToolArguments<N>) => Promise<string> } = {
      find_free_slots: async (a) => {
        const chosen = await service(a.service);
        const from = a.date || calendarDateAt(clock(), ctx.timezone);
        const to = a.toDate || from;
        if (to < from || addCalendarDays(from, SLOT_DAYS_MAX - 1) < to)
          throw new ToolRefusal(
            say("badArguments", {
              problem: `toDate must be from date to ${SLOT_DAYS_MAX - 1} days after it`,
            }),
            "bad_arguments",
            "arguments: toDate out of range",
          );
        const { slots } = await findSlots(ctx.businessId, { serviceId: chosen.id, from, to });
        if (slots.length === 0) return say("slotsNone", { service: chosen.name, from, to });
        const spoken = spreadOverDays(slots.map((slot) => slot.start));
        const more = slots.length - spoken.length;
        return more > 0
          ? say("slotsMore", { service: chosen.name, times: times(spoken), more })
          : say("slots", { service: chosen.name, times: times(spoken) });
      },
      book_appointment: async (a) => {
        const chosen = await service(a.service);
        const input = assistantBookingInput({
          externalId: `${ctx.provider}-tool:${ctx.toolCall}`,
          serviceId: chosen.id,
          startTime: a.startTime.trim(),
          customerName: a.customerName,
          customerPhone: phoneOf(a.customerPhone),
          callExternalId: ctx.providerCallId && externalIdOf(ctx.provider, ctx.providerCallId),
          ...(a.notes && { notes: a.notes }),
        });
        if (input instanceof type.errors)
          throw new Refusal("VALIDATION", rulesBroken(input), { field: input[0]?.propString });
        const { row } = await desk.book(who, input);
        return say("booked", {
          service: row.serviceName,
          customer: row.customerName,
          time: time(row.startTime),
          id: row.id,
        });
      },
      list_caller_bookings: async (a) => {
        // A number the model names is not read when the call gives its own (see isCallers).
        const phone = ctx.callerNumber ?? phoneOf(a.customerPhone);
        const rows = (await desk.upcoming(who, phone)).filter(isCallers);
        if (rows.length === 0) return say(ctx.callerNumber ? "bookingsNone" : "bookingsNoLine", { phone });
        return say("bookings", {
          phone,
          items: spokenList(ctx.language, rows.slice(0, SPOKEN_MAX).map(bookingLine)),
        });
      },
      reschedule_booking: async (a) => {
        const { row, changed } = await desk.change(
          who,
          bookingIdOf(a.bookingId),
          { action: "reschedule", startTime: a.startTime.trim() },
          undefined,
          isCallers,
        );
        return say(changed ? "moved" : "unmoved", { service: row.serviceName, time: time(row.startTime) });
      },
      cancel_booking: async (a) => {
        const { row, changed } = await desk.change(
          who,
          bookingIdOf(a.bookingId),
          { action: "cancel" },
          undefined,
          isCallers,
        );
        // Cancelled before (the desk answers that as done, for our API's retries): what was asked holds, and the
        // model is told so rather than that it cancelled it now — this same tool call may have, its first answer
        // lost (a claim released or taken over runs the tool again).
        return say(changed ? "cancelled" : "alreadyCancelled", {
          service: row.serviceName,
          time: time(row.startTime),
        });
      },
      get_business_info: async () => {
        const config = await readAssistantConfig(db, ctx.businessId);
        if (!config) throw new Error(`The business of connection ${ctx.connectionId} is gone`);
        return JSON.stringify(config);
      },
    };

    try {
      const run = tools[name] as (a: unknown) => Promise<string>;
      return { done: true, text: await run(parsed) };
    } catch (error) {
      if (error instanceof ToolRefusal) return refused(error.text, error.code, error.message);
      if (!(error instanceof Refusal)) {
        logger.error(`Tool ${name} of connection ${ctx.connectionId} failed`, error);
        return refused(say("failed"), "tool_failed", "failed on our side");
      }
      const reason = `${error.code}: ${error.message}`;
      const free = error.facts.nextFreeSlots;
      switch (error.code) {
        case "SLOT_TAKEN": {
          const text = free?.length ? say("taken", { times: times(free) }) : say("takenNone");
          return refused(text, "slot_taken", reason);
        }
        case "NOT_FOUND":
          return error.facts.field === "serviceId"
            ? refused(say("noServices"), "unknown_service", reason)
            : refused(say("noBooking"), "no_booking", reason);
        case "BOOKING_STATUS":
          return refused(say("unchangeable"), "booking_unchangeable", reason);
        default: {
          const problem = `${error.message}${free?.length ? ` (${times(free)})` : ""}`;
          return refused(say("badArguments", { problem }), "bad_arguments", reason);
        }
      }
    }
  };
}

export type ToolRunner = ReturnType<typeof createToolRunner>;

/** A tool call answered before the desk was asked (a service or number the call does not give). */
class ToolRefusal extends Error {
  constructor(
    readonly text: string,
    readonly code: DeliveryRefusal["code"],
    reason: string,
  ) {
    super(reason);
  }
}
