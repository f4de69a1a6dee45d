import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import { businesses } from "../../src/server/db/schema/businesses.schema";
import {
  ACCEPTED_DELIVERY_KEPT_MS,
  purgeOldDeliveries,
} from "../../src/server/integrations/deliveries-purge";
import { releaseToolCall } from "../../src/server/integrations/tool-call-answers.repo";
import { toolCallKey } from "../../src/server/integrations/tool-calls";
import type { AssistantConnectionTools } from "../../src/shared/assistant-connections.schema";
import {
  callVapiTools,
  connectRetell,
  connectVapi,
  deliver,
  deliverRetellTool,
  fixtureWith,
  listConnections,
  newToolCallId,
  retellToolBody,
  vapiToolCallsBody,
} from "../support/platform-deliveries";
import {
  bookAsAssistant,
  bookingRowCounts,
  openPractice,
  type Practice,
  staffPut,
  timelineOf,
} from "../support/server-bookings";
import { dataOf } from "../support/server-calls";
import { MINUTE, SECOND } from "../support/server-clock";
import { serverForFile } from "../support/server-harness";
import { statementsDuring } from "../support/statement-count";

const server = serverForFile();

// The test clock starts Monday 2026-03-02 12:00Z (07:00 in New York); the practice opens 09:00–17:00 EST.
const TUESDAY_10 = "2026-03-03T10:00:00-05:00";
const VAPI_CALLER = "+14155550142";
const RETELL_CALLER = "+12137771234";
const VAPI_CALL_ID = "73a6da0f-c455-4bb6-bf4a-5f0634871430";

type Row = { id: string; customerPhone: string; customerName: string; status: string; startTime: string };
const bookingsOf = (practice: Practice) =>
  rawRows<Row & { callExternalId: string | null; source: string }>(
    server.db,
    sql`select id::text, customer_phone as "customerPhone", customer_name as "customerName", status,
        to_char(start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "startTime",
        call_external_id as "callExternalId", source
      from bookings where business_id = ${practice.businessId}::uuid order by created_at, id`,
  );

/** One Vapi tool call (an id of its own, or `id` to send one again) answered: its result or error text. */
async function vapiTool(
  vapi: { _id: string; secret: string },
  name: string,
  args: unknown,
  changes = {},
  id = newToolCallId(),
) {
  const { results } = await callVapiTools(server, vapi, vapiToolCallsBody([{ name, args, id }], changes));
  expect(results).toHaveLength(1);
  const { toolCallId, ...answer } = results[0]!;
  expect(toolCallId).toBe(id);
  return answer;
}

/** A practice with Vapi connected and a booking its tool made on Tuesday at 10. */
async function bookedByVapi() {
  const practice = await openPractice(server);
  const vapi = await connectVapi(server, practice.staff);
  await vapiTool(vapi, "book_appointment", {
    service: "Cleaning",
    startTime: TUESDAY_10,
    customerName: "Ada",
  });
  const [row] = await bookingsOf(practice);
  return { practice, vapi, bookingId: row!.id };
}

const deliveriesOf = async (practice: Practice) =>
  (await listConnections(server, practice.staff))[0]!.recentDeliveries.map((d) => [
    d.event,
    d.result,
    d.reasonCode,
    d.reason,
  ]);

describe("Vapi tool calls", () => {
  it("finds free slots by the service's name, in the business's timezone with offsets, today when no date is given", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const tuesday = await vapiTool(vapi, "find_free_slots", { service: "cleaning", date: "2026-03-03" });
    expect(tuesday).toEqual({
      result:
        "Free times for Cleaning: 2026-03-03T09:00:00-05:00, 2026-03-03T09:15:00-05:00, 2026-03-03T09:30:00-05:00, " +
        "2026-03-03T09:45:00-05:00, 2026-03-03T10:00:00-05:00, 2026-03-03T10:15:00-05:00, and 25 more later.",
    });
    // Monday 07:00 in New York: today's slots, from the opening on.
    expect((await vapiTool(vapi, "find_free_slots", { service: "Cleaning" })).result).toMatch(
      /^Free times for Cleaning: 2026-03-02T09:00:00-05:00,/,
    );
    // A week: a time or so of each open day rather than six of the first.
    expect(
      (
        await vapiTool(vapi, "find_free_slots", {
          service: "Cleaning",
          date: "2026-03-03",
          toDate: "2026-03-09",
        })
      ).result,
    ).toBe(
      "Free times for Cleaning: 2026-03-03T09:00:00-05:00, 2026-03-04T09:00:00-05:00, 2026-03-05T09:00:00-05:00, " +
        "2026-03-06T09:00:00-05:00, 2026-03-09T09:00:00-04:00, and 150 more later.",
    );
    expect(
      (
        await vapiTool(vapi, "find_free_slots", {
          service: "Cleaning",
          date: "2026-03-03",
          toDate: "2026-03-17",
        })
      ).error,
    ).toBe("Not done: toDate must be from date to 13 days after it. Correct it and try again.");
    // Saturday and Sunday are closed.
    expect(
      await vapiTool(vapi, "find_free_slots", {
        service: practice.service._id,
        date: "2026-03-07",
        toDate: "2026-03-08",
      }),
    ).toEqual({
      result: "No free time for Cleaning from 2026-03-07 to 2026-03-08. Ask for another day.",
    });
  });

  it("finds free slots in five statements: the connection, the tool call's claim, the services, the slots' inputs, the delivery's record", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const counts: (number | null)[] = [];
    for (const date of ["2026-03-03", "2026-03-04", "2026-03-05"])
      counts.push(
        await statementsDuring(server, async () =>
          expect((await vapiTool(vapi, "find_free_slots", { service: "Cleaning", date })).result).toMatch(
            /^Free times for Cleaning: /,
          ),
        ),
      );
    if (server.driver !== "pglite") return;
    // The fewest of three: the scheduler's tick may add statements of its own now and then.
    expect(Math.min(...(counts as number[]))).toBe(5);
  });

  it("books with the caller's number from the call, through the assistant's rules (pending, outbox, linked to the call), once per tool call", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const args = {
      service: "Cleaning",
      startTime: TUESDAY_10,
      customerName: "Ada Lovelace",
      notes: "First visit",
    };
    const id = newToolCallId();
    const booked = await vapiTool(vapi, "book_appointment", args, {}, id);
    const [row] = await bookingsOf(practice);
    expect(booked.result).toBe(
      `Booked Cleaning for Ada Lovelace at 2026-03-03T10:00:00-05:00 (booking ${row!.id}); the business will confirm it.`,
    );
    expect(row).toMatchObject({
      customerPhone: VAPI_CALLER,
      status: "pending",
      startTime: "2026-03-03T15:00:00Z",
      source: "assistant",
      callExternalId: `vapi:${VAPI_CALL_ID}`,
    });
    expect(await timelineOf(server, row!.id)).toEqual({
      events: [{ version: 1, action: "create", from: null, to: "pending", actor: "assistant:Vapi" }],
      topics: ["booking.create"],
    });
    // Vapi retries the same tool call: the same booking, nothing more written.
    expect(await vapiTool(vapi, "book_appointment", args, {}, id)).toEqual(booked);
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 1,
      events: 1,
      outbox: 1,
    });
    expect(await deliveriesOf(practice)).toEqual([
      ["tool:book_appointment", "duplicate", null, null],
      ["tool:book_appointment", "accepted", null, null],
    ]);
  });

  it("answers a taken time with the nearest free ones (the slot our own API booked counts too)", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    expect((await bookAsAssistant(server, practice, { startTime: TUESDAY_10 })).status).toBe(201);
    const answer = await vapiTool(vapi, "book_appointment", {
      service: "Cleaning",
      startTime: "2026-03-03T10:15:00-05:00",
      customerName: "Bob",
    });
    expect(answer).toEqual({
      error:
        "That time is not free. Nearest free times: 2026-03-03T10:30:00-05:00, 2026-03-03T10:45:00-05:00, " +
        "2026-03-03T11:00:00-05:00, 2026-03-03T11:15:00-05:00, 2026-03-03T11:30:00-05:00.",
    });
    expect((await deliveriesOf(practice))[0]).toEqual([
      "tool:book_appointment",
      "refused",
      "slot_taken",
      expect.stringContaining("SLOT_TAKEN"),
    ]);
    // A move onto it is refused alike, the booking left where it was.
    await vapiTool(vapi, "book_appointment", {
      service: "Cleaning",
      startTime: "2026-03-03T12:00:00-05:00",
      customerName: "Bob",
    });
    const mine = (await bookingsOf(practice)).find((row) => row.customerName === "Bob")!;
    expect(await vapiTool(vapi, "reschedule_booking", { bookingId: mine.id, startTime: TUESDAY_10 })).toEqual(
      {
        error: expect.stringMatching(
          /^That time is not free\. Nearest free times: 2026-03-03T10:30:00-05:00, /,
        ),
      },
    );
    expect((await bookingsOf(practice)).find((row) => row.id === mine.id)!.startTime).toBe(
      "2026-03-03T17:00:00Z",
    );
  });

  it("lists, moves and cancels the caller's bookings, several tools in one message answered in order", async () => {
    const { vapi, bookingId } = await bookedByVapi();
    const { results } = await callVapiTools(
      server,
      vapi,
      vapiToolCallsBody([
        { name: "list_caller_bookings", args: {}, id: "a" },
        {
          name: "reschedule_booking",
          args: { bookingId: bookingId, startTime: "2026-03-03T14:00:00-05:00" },
          id: "b",
        },
        { name: "list_caller_bookings", args: { customerPhone: VAPI_CALLER }, id: "c" },
        { name: "cancel_booking", args: { bookingId: bookingId }, id: "d" },
        { name: "list_caller_bookings", args: {}, id: "e" },
      ]),
    );
    expect(results).toEqual([
      {
        toolCallId: "a",
        result: `Upcoming bookings for ${VAPI_CALLER}: Cleaning at 2026-03-03T10:00:00-05:00, awaiting confirmation (id ${bookingId}).`,
      },
      {
        toolCallId: "b",
        result: "Moved Cleaning to 2026-03-03T14:00:00-05:00; the business will confirm it again.",
      },
      {
        toolCallId: "c",
        result: `Upcoming bookings for ${VAPI_CALLER}: Cleaning at 2026-03-03T14:00:00-05:00, awaiting confirmation (id ${bookingId}).`,
      },
      { toolCallId: "d", result: "Cancelled Cleaning at 2026-03-03T14:00:00-05:00." },
      { toolCallId: "e", result: `No upcoming bookings for ${VAPI_CALLER}.` },
    ]);
    expect((await timelineOf(server, bookingId)).topics).toEqual([
      "booking.create",
      "booking.reschedule",
      "booking.cancel",
    ]);
    // A cancelled booking stays cancelled: cancelling it again is done already.
    expect(await vapiTool(vapi, "cancel_booking", { bookingId: bookingId })).toEqual({
      result: "Cleaning at 2026-03-03T14:00:00-05:00 is cancelled: nothing more to do.",
    });
  });

  it("lists the caller's bookings however their number was written when booked, as the privacy desk finds them", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    // Booked by hand through the assistant API with the number as the caller spelled it.
    const booked = await dataOf<{ id: string }>(
      await bookAsAssistant(server, practice, { startTime: TUESDAY_10, customerPhone: "001 (415) 555-0142" }),
    );
    expect((await vapiTool(vapi, "list_caller_bookings", {})).result).toBe(
      `Upcoming bookings for ${VAPI_CALLER}: Cleaning at 2026-03-03T10:00:00-05:00, awaiting confirmation (id ${booked.id}).`,
    );
  });

  it("lets a caller reach only their own bookings: a number they name is not read, another's booking neither moved nor cancelled", async () => {
    const { practice, vapi, bookingId } = await bookedByVapi();
    // Caller B, on a call from another number, says A's number.
    const callerB = { "message.call.id": "call-of-b", "message.customer.number": "+19995550000" };
    const asB = (name: string, args: unknown) => vapiTool(vapi, name, args, callerB);
    const listed = await asB("list_caller_bookings", { customerPhone: VAPI_CALLER });
    expect(listed).toEqual({ result: "No upcoming bookings for +19995550000." });
    const noBooking = { error: "No such booking: list the caller's bookings to find its id." };
    expect(await asB("cancel_booking", { bookingId })).toEqual(noBooking);
    expect(await asB("reschedule_booking", { bookingId, startTime: "2026-03-03T14:00:00-05:00" })).toEqual(
      noBooking,
    );
    expect((await bookingsOf(practice))[0]).toMatchObject({
      status: "pending",
      startTime: "2026-03-03T15:00:00Z",
    });
    expect((await timelineOf(server, bookingId)).topics).toEqual(["booking.create"]);
    // B books for a number they give, and may change that booking on this call.
    const forAnother = await asB("book_appointment", {
      service: "Cleaning",
      startTime: "2026-03-04T10:00:00-05:00",
      customerName: "Grace",
      customerPhone: "+1 212 555 0199",
    });
    const graces = (await bookingsOf(practice)).find((row) => row.customerName === "Grace")!;
    expect(forAnother.result).toContain(graces.id);
    expect(await asB("cancel_booking", { bookingId: graces.id })).toEqual({
      result: "Cancelled Cleaning at 2026-03-04T10:00:00-05:00.",
    });
    // A, on later calls from their number, lists theirs, and cancels it (its digits count, not its spelling).
    const callerA = { "message.call.id": "call-of-a", "message.customer.number": VAPI_CALLER };
    expect((await vapiTool(vapi, "list_caller_bookings", {}, callerA)).result).toContain(bookingId);
    const spelledOtherwise = {
      "message.call.id": "call-of-a-2",
      "message.customer.number": "+1 (415) 555-0142",
    };
    expect(await vapiTool(vapi, "cancel_booking", { bookingId }, spelledOtherwise)).toEqual({
      result: "Cancelled Cleaning at 2026-03-03T10:00:00-05:00.",
    });
  });

  it("reaches, on a call without a number (a web call), only the bookings that call made", async () => {
    const { vapi, bookingId } = await bookedByVapi();
    const webCall = {
      "message.call.id": "web-call",
      "message.call.type": "webCall",
      "message.customer": undefined,
      "message.call.customer": undefined,
    };
    const noLine =
      "No upcoming booking made on this call. This call comes from no phone number, so other bookings cannot be read or changed here: the caller can call from the number they booked with, or the business will help.";
    expect(await vapiTool(vapi, "list_caller_bookings", {}, webCall)).toEqual({
      error: "The caller's number is not known: ask for it and pass it as customerPhone.",
    });
    // Anyone may say someone's number on a web call: the phone call's booking is not read out, nor changed.
    expect(await vapiTool(vapi, "list_caller_bookings", { customerPhone: VAPI_CALLER }, webCall)).toEqual({
      result: noLine,
    });
    const move = { bookingId, startTime: "2026-03-03T14:00:00-05:00" };
    const noBooking = { error: "No such booking: list the caller's bookings to find its id." };
    expect(await vapiTool(vapi, "reschedule_booking", move, webCall)).toEqual(noBooking);
    expect(await vapiTool(vapi, "cancel_booking", { bookingId }, webCall)).toEqual(noBooking);
    // What the web call booked itself, it lists, moves and cancels.
    const booked = await vapiTool(
      vapi,
      "book_appointment",
      {
        service: "Cleaning",
        startTime: "2026-03-04T10:00:00-05:00",
        customerName: "Web Caller",
        customerPhone: "+1 212 555 0199",
      },
      webCall,
    );
    const own = /\(booking ([0-9a-f-]{36})\)/.exec(booked.result ?? "")![1]!;
    expect(await vapiTool(vapi, "list_caller_bookings", { customerPhone: "+12125550199" }, webCall)).toEqual({
      result: `Upcoming bookings for +12125550199: Cleaning at 2026-03-04T10:00:00-05:00, awaiting confirmation (id ${own}).`,
    });
    expect(
      await vapiTool(
        vapi,
        "reschedule_booking",
        { bookingId: own, startTime: "2026-03-04T14:00:00-05:00" },
        webCall,
      ),
    ).toEqual({ result: "Moved Cleaning to 2026-03-04T14:00:00-05:00; the business will confirm it again." });
    expect(await vapiTool(vapi, "cancel_booking", { bookingId: own }, webCall)).toEqual({
      result: "Cancelled Cleaning at 2026-03-04T14:00:00-05:00.",
    });
  });

  it("reads the business's config as GET /api/assistant/config answers it", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const answer = await vapiTool(vapi, "get_business_info", {});
    const config = await dataOf(
      await server.request("/api/assistant/config", { headers: { "x-api-key": practice.key }, origin: null }),
    );
    expect(JSON.parse(answer.result!)).toEqual(config);
    expect(answer.result).not.toContain("\n");
  });

  it("answers in the business's language", async () => {
    const practice = await openPractice(server);
    await server.db.update(businesses).set({ language: "pl" }).where(eq(businesses.id, practice.businessId));
    const vapi = await connectVapi(server, practice.staff);
    expect(
      (await vapiTool(vapi, "find_free_slots", { service: "Cleaning", date: "2026-03-03" })).result,
    ).toMatch(/^Wolne terminy na Cleaning: 2026-03-03T09:00:00-05:00, .* i jeszcze 25 później\.$/);
    expect((await vapiTool(vapi, "list_caller_bookings", {})).result).toBe(
      `Brak nadchodzących rezerwacji dla ${VAPI_CALLER}.`,
    );
  });

  it("answers bad arguments with an error the model can act on, HTTP 200, writing nothing", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const list = [
      { name: "book_appointment", args: { startTime: TUESDAY_10, customerName: "Ada" } },
      { name: "book_appointment", args: { service: "Massage", startTime: TUESDAY_10, customerName: "Ada" } },
      {
        name: "book_appointment",
        args: { service: "Cleaning", startTime: "tuesday at ten", customerName: "Ada" },
      },
      { name: "book_appointment", args: { service: "Cleaning", startTime: TUESDAY_10, customerName: "" } },
      { name: "find_free_slots", args: { service: "Cleaning", date: "03/03/2026" } },
      { name: "cancel_booking", args: { bookingId: "the one on tuesday" } },
      { name: "reschedule_booking", args: { bookingId: crypto.randomUUID(), startTime: TUESDAY_10 } },
      { name: "send_flowers", args: {} },
    ];
    const { results } = await callVapiTools(server, vapi, vapiToolCallsBody(list));
    const errors = results.map((r) => {
      expect(r.result).toBeUndefined();
      return r.error;
    });
    expect(errors).toEqual([
      "Not done: service must be a string (was missing). Correct it and try again.",
      'No service is called "Massage". The services are: Cleaning.',
      expect.stringMatching(/^Not done: startTime must be .*Correct it and try again\.$/),
      expect.stringMatching(/^Not done: customerName must be .*Correct it and try again\.$/),
      expect.stringMatching(/^Not done: date must be a date YYYY-MM-DD/),
      "No such booking: list the caller's bookings to find its id.",
      "No such booking: list the caller's bookings to find its id.",
      'There is no tool called "send_flowers".',
    ]);
    // Arguments that are not JSON, and a caller whose number the call does not give.
    const raw = fixtureWith("vapi", "tool-calls", {
      "message.toolCallList": [
        { id: "x", type: "function", function: { name: "find_free_slots", arguments: "{service:" } },
      ],
    });
    expect((await callVapiTools(server, vapi, raw)).results).toEqual([
      { toolCallId: "x", error: "Not done: the arguments are not valid JSON. Correct it and try again." },
    ]);
    const noNumber = await vapiTool(
      vapi,
      "book_appointment",
      { service: "Cleaning", startTime: TUESDAY_10, customerName: "Ada" },
      { "message.customer": undefined, "message.call.customer": undefined },
    );
    expect(noNumber.error).toBe("The caller's number is not known: ask for it and pass it as customerPhone.");
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 0,
      events: 0,
      outbox: 0,
    });
    // The latest five, newest first, each coded for the card.
    expect((await deliveriesOf(practice)).map(([event, result, code]) => [event, result, code])).toEqual([
      ["tool:book_appointment", "refused", "no_caller_number"],
      ["tool:find_free_slots", "refused", "bad_arguments"],
      ["tool:send_flowers", "refused", "unknown_tool"],
      ["tool:reschedule_booking", "refused", "no_booking"],
      ["tool:cancel_booking", "refused", "no_booking"],
    ]);
  });

  it("takes the docs' form of a tool call (name and an arguments object beside the id), and a message it cannot read with 200", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const docs = fixtureWith("vapi", "tool-calls", {
      "message.toolCallList": [
        {
          id: "toolu_01DTPAzUm5Gk3zxrpJ969oMF",
          name: "find_free_slots",
          arguments: { service: "Cleaning", date: "2026-03-03" },
        },
        { type: "function" },
      ],
    });
    const answer = await callVapiTools(server, vapi, docs);
    expect(answer.results).toEqual([
      {
        toolCallId: "toolu_01DTPAzUm5Gk3zxrpJ969oMF",
        result: expect.stringMatching(/^Free times for Cleaning: /),
      },
    ]);
    expect(answer.error).toBe("1 tool call(s) had no id and were not run");
    const unread = await callVapiTools(
      server,
      vapi,
      fixtureWith("vapi", "tool-calls", { "message.toolCallList": undefined }),
    );
    expect(unread).toEqual({ results: [], error: expect.stringContaining("toolCallList") });
  });

  it("refuses a tool call whose secret is wrong (401), running nothing", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const body = vapiToolCallsBody([
      { name: "book_appointment", args: { service: "Cleaning", startTime: TUESDAY_10, customerName: "Ada" } },
    ]);
    const response = await deliver(server, "vapi", vapi._id, body, {
      authorization: `Bearer ${vapi.secret}x`,
    });
    expect(response.status).toBe(401);
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 0,
      events: 0,
      outbox: 0,
    });
  });

  it("books one of two callers racing for one slot, and tells the other the nearest free times", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const callerBook = (callId: string, number: string, name: string) =>
      callVapiTools(
        server,
        vapi,
        vapiToolCallsBody(
          [
            {
              name: "book_appointment",
              args: { service: "Cleaning", startTime: TUESDAY_10, customerName: name },
            },
          ],
          {
            "message.call.id": callId,
            "message.customer.number": number,
          },
        ),
      );
    const answers = await Promise.all([
      callerBook("call-one", "+15550000001", "One"),
      callerBook("call-two", "+15550000002", "Two"),
    ]);
    const texts = answers.map((a) => a.results[0]!);
    expect(texts.filter((t) => t.result?.startsWith("Booked Cleaning"))).toHaveLength(1);
    expect(
      texts.filter((t) =>
        t.error?.startsWith("That time is not free. Nearest free times: 2026-03-03T10:30:00-05:00"),
      ),
    ).toHaveLength(1);
    const rows = await bookingsOf(practice);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.startTime).toBe("2026-03-03T15:00:00Z");
  });
});

describe("a tool call the database cannot store or answer", () => {
  /**
   * Has the database refuse `what` on `table` for the practice's rows (those of `tool` when given) while `during`
   * runs: a trigger of the test's.
   */
  async function refusing<T>(
    practice: Practice,
    table: string,
    what: string,
    during: () => Promise<T>,
    tool?: string,
  ) {
    const name = `refuse_${practice.businessId.replaceAll("-", "")}`;
    await server.db.execute(
      sql.raw(`create function ${name}() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    );
    await server.db.execute(
      sql.raw(`create trigger ${name} before ${what} on ${table} for each row
        when (new.business_id = '${practice.businessId}'${tool ? ` and new.tool = '${tool}'` : ""})
        execute function ${name}()`),
    );
    try {
      return await during();
    } finally {
      await server.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
      await server.db.execute(sql.raw(`drop function ${name}()`));
    }
  }

  const claimsOf = (practice: Practice) =>
    rawRows<{ tool: string; answered: boolean }>(
      server.db,
      sql`select tool, answer is not null as answered from tool_call_answers
        where business_id = ${practice.businessId}::uuid order by tool`,
    );

  it("drops a NUL and half a surrogate pair from what the model sent: every tool call of the message answered, 200", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const booking = {
      service: "Cleaning",
      startTime: TUESDAY_10,
      customerName: "Ada\u0000 Lovelace",
      notes: "Half a pair: \ud83d",
    };
    // The SDK's form (arguments a JSON string) and the docs' (an object), each with a NUL in the service.
    const body = fixtureWith("vapi", "tool-calls", {
      "message.toolCallList": [
        {
          id: "a",
          type: "function",
          function: { name: "book_appointment", arguments: JSON.stringify(booking) },
        },
        {
          id: "b",
          type: "function",
          function: { name: "find_free_slots", arguments: JSON.stringify({ service: "Clea\u0000ning" }) },
        },
        { id: "c", name: "find_free_slots", arguments: { service: "Clea\u0000ning", date: "2026-03-03" } },
      ],
    });
    const { results } = await callVapiTools(server, vapi, body);
    const [row] = await bookingsOf(practice);
    expect(results).toEqual([
      {
        toolCallId: "a",
        result: `Booked Cleaning for Ada Lovelace at 2026-03-03T10:00:00-05:00 (booking ${row!.id}); the business will confirm it.`,
      },
      {
        toolCallId: "b",
        result: expect.stringMatching(/^Free times for Cleaning: 2026-03-02T09:00:00-05:00, /),
      },
      {
        toolCallId: "c",
        result: expect.stringMatching(/^Free times for Cleaning: 2026-03-03T09:00:00-05:00, /),
      },
    ]);
    const [notes] = await rawRows<{ notes: string }>(
      server.db,
      sql`select notes from bookings where id = ${row!.id}::uuid`,
    );
    expect(notes!.notes).toBe("Half a pair: \uFFFD");
    expect(await claimsOf(practice)).toEqual([
      { tool: "book_appointment", answered: true },
      { tool: "find_free_slots", answered: true },
      { tool: "find_free_slots", answered: true },
    ]);
  });

  it("answers a tool call the database would not claim 'failed', the others of the message as ever", async () => {
    const { practice, vapi, bookingId } = await bookedByVapi();
    const { results } = await refusing(
      practice,
      "tool_call_answers",
      "insert",
      () =>
        callVapiTools(
          server,
          vapi,
          vapiToolCallsBody([
            { name: "cancel_booking", args: { bookingId }, id: "a" },
            { name: "list_caller_bookings", args: {}, id: "b" },
          ]),
        ),
      "cancel_booking",
    );
    expect(results).toEqual([
      {
        toolCallId: "a",
        error: "Something went wrong on the booking system's side: nothing was changed. Offer to call back.",
      },
      { toolCallId: "b", result: expect.stringContaining(`awaiting confirmation (id ${bookingId})`) },
    ]);
    expect((await bookingsOf(practice))[0]!.status).toBe("pending");
    // Sent again, once the database takes it: run.
    const cancelled = { result: "Cancelled Cleaning at 2026-03-03T10:00:00-05:00." };
    expect(await vapiTool(vapi, "cancel_booking", { bookingId }, {}, "a")).toEqual(cancelled);
    // And again while no delivery can be recorded: its words all the same.
    expect(
      await refusing(practice, "assistant_deliveries", "insert", () =>
        vapiTool(vapi, "cancel_booking", { bookingId }, {}, "a"),
      ),
    ).toEqual(cancelled);
  });

  it("gives the answer it could not record, and runs the tool call again when it is sent again (not 'still being handled')", async () => {
    const { practice, vapi } = await bookedByVapi();
    const list = [
      {
        name: "book_appointment",
        args: { service: "Cleaning", startTime: "2026-03-04T10:00:00-05:00", customerName: "Bob" },
        id: "a",
      },
      { name: "find_free_slots", args: { service: "Cleaning", date: "2026-03-04" }, id: "b" },
    ];
    const first = await refusing(practice, "tool_call_answers", "update", () =>
      callVapiTools(server, vapi, vapiToolCallsBody(list)),
    );
    const bob = (await bookingsOf(practice)).find((row) => row.customerName === "Bob")!;
    expect(first.results).toEqual([
      {
        toolCallId: "a",
        result: `Booked Cleaning for Bob at 2026-03-04T10:00:00-05:00 (booking ${bob.id}); the business will confirm it.`,
      },
      {
        toolCallId: "b",
        result: expect.stringMatching(/^Free times for Cleaning: 2026-03-04T09:00:00-05:00, /),
      },
    ]);
    // Their claims released: the same message again runs both, the booking the one it made.
    expect((await claimsOf(practice)).filter((claim) => !claim.answered)).toEqual([]);
    const again = await callVapiTools(server, vapi, vapiToolCallsBody(list));
    expect(again).toEqual(first);
    expect(await bookingsOf(practice)).toHaveLength(2);
    expect(await claimsOf(practice)).toEqual([
      { tool: "book_appointment", answered: true },
      { tool: "book_appointment", answered: true },
      { tool: "find_free_slots", answered: true },
    ]);
  });

  it("tells a cancel run again, its first answer not recorded, that the booking is cancelled (not that it failed)", async () => {
    const { practice, vapi, bookingId } = await bookedByVapi();
    const cancel = [{ name: "cancel_booking", args: { bookingId }, id: "a" }];
    const first = await refusing(practice, "tool_call_answers", "update", () =>
      callVapiTools(server, vapi, vapiToolCallsBody(cancel)),
    );
    expect(first.results).toEqual([
      { toolCallId: "a", result: "Cancelled Cleaning at 2026-03-03T10:00:00-05:00." },
    ]);
    const again = await callVapiTools(server, vapi, vapiToolCallsBody(cancel));
    expect(again.results).toEqual([
      { toolCallId: "a", result: "Cleaning at 2026-03-03T10:00:00-05:00 is cancelled: nothing more to do." },
    ]);
    expect((await timelineOf(server, bookingId)).topics).toEqual(["booking.create", "booking.cancel"]);
  });
});

describe("Retell custom functions", () => {
  it("runs each tool as Retell sends it ({name, call, args}), the caller's number from the call", async () => {
    const practice = await openPractice(server);
    const retell = await connectRetell(server, practice.staff);
    const send = async (name: string, args: unknown, path = true) => {
      const response = await deliverRetellTool(
        server,
        retell,
        retellToolBody(name, args),
        path ? name : undefined,
      );
      expect(response.status).toBe(200);
      return (await response.json()) as { result?: string; error?: string };
    };
    expect(await send("find_free_slots", { service: "Cleaning", date: "2026-03-03" })).toEqual({
      result: expect.stringMatching(/^Free times for Cleaning: 2026-03-03T09:00:00-05:00, /),
    });
    expect(
      (
        await send("book_appointment", {
          service: "Cleaning",
          startTime: TUESDAY_10,
          customerName: "John Doe",
        })
      ).result,
    ).toMatch(/^Booked Cleaning for John Doe at 2026-03-03T10:00:00-05:00/);
    const [row] = await bookingsOf(practice);
    expect(row).toMatchObject({
      customerPhone: RETELL_CALLER,
      callExternalId: "retell:Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6",
    });
    expect((await timelineOf(server, row!.id)).events[0]!.actor).toBe("assistant:Retell");
    // The tool named by the body, on the connection's one /tools URL.
    expect(await send("list_caller_bookings", {}, false)).toEqual({
      result: `Upcoming bookings for ${RETELL_CALLER}: Cleaning at 2026-03-03T10:00:00-05:00, awaiting confirmation (id ${row!.id}).`,
    });
    expect(
      await send("reschedule_booking", { bookingId: row!.id, startTime: "2026-03-04T11:00:00-05:00" }),
    ).toEqual({
      result: "Moved Cleaning to 2026-03-04T11:00:00-05:00; the business will confirm it again.",
    });
    expect(await send("cancel_booking", { bookingId: row!.id })).toEqual({
      result: "Cancelled Cleaning at 2026-03-04T11:00:00-05:00.",
    });
    expect(JSON.parse((await send("get_business_info", {})).result!)).toMatchObject({
      timezone: "America/New_York",
    });
    expect(await send("book_appointment", { service: "Cleaning" })).toEqual({
      error:
        "Not done: customerName must be a string (was missing); startTime must be a string (was missing). Correct it and try again.",
    });
  });

  it("takes the arguments alone (Payload: args only): the caller's number must then be given", async () => {
    const practice = await openPractice(server);
    const retell = await connectRetell(server, practice.staff);
    const args = { service: "Cleaning", startTime: TUESDAY_10, customerName: "John Doe" };
    const send = async (body: unknown) =>
      (await (await deliverRetellTool(server, retell, JSON.stringify(body), "book_appointment")).json()) as {
        result?: string;
        error?: string;
      };
    expect(await send(args)).toEqual({
      error: "The caller's number is not known: ask for it and pass it as customerPhone.",
    });
    expect((await send({ ...args, customerPhone: "+15551234567" })).result).toMatch(
      /^Booked Cleaning for John Doe/,
    );
    expect((await bookingsOf(practice))[0]).toMatchObject({
      customerPhone: "+15551234567",
      callExternalId: null,
    });
  });

  it("refuses a bad signature (401) and answers a body that is not JSON with an error, running nothing", async () => {
    const practice = await openPractice(server);
    const retell = await connectRetell(server, practice.staff);
    const body = retellToolBody("book_appointment", {
      service: "Cleaning",
      startTime: TUESDAY_10,
      customerName: "A",
    });
    const forged = await deliverRetellTool(
      server,
      { ...retell, apiKey: `${retell.apiKey}x` },
      body,
      "book_appointment",
    );
    expect(forged.status).toBe(401);
    const broken = await deliverRetellTool(server, retell, "{not json", "book_appointment");
    expect(broken.status).toBe(200);
    expect(await broken.json()).toEqual({ error: "The request body is not valid JSON" });
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 0,
      events: 0,
      outbox: 0,
    });
  });
});

describe("a tool call sent again (issue 24: idempotent on provider, call id and tool call)", () => {
  const MOVED = "Moved Cleaning to 2026-03-03T14:00:00-05:00; the business will confirm it again.";
  const CANCELLED = "Cancelled Cleaning at 2026-03-03T14:00:00-05:00.";

  /** The one booking of the practice besides the cancelled `old`: a new one, pending. */
  async function besides(practice: Practice, old: string) {
    const rows = await bookingsOf(practice);
    expect(rows.map((row) => [row.id === old, row.status]).sort()).toEqual([
      [false, "pending"],
      [true, "cancelled"],
    ]);
    return rows.find((row) => row.id !== old)!;
  }

  it("is answered as it was the first time, its tool not run again, however the booking changed since", async () => {
    const { practice, vapi, bookingId } = await bookedByVapi();
    const move = { bookingId, startTime: "2026-03-03T14:00:00-05:00" };
    const m1 = newToolCallId();
    expect(await vapiTool(vapi, "reschedule_booking", move, {}, m1)).toEqual({ result: MOVED });
    expect((await staffPut(server, practice.staff, bookingId, { status: "confirmed" })).status).toBe(200);
    // Vapi sends m1 again: the words the model got, and the booking stays confirmed.
    expect(await vapiTool(vapi, "reschedule_booking", move, {}, m1)).toEqual({ result: MOVED });
    const c1 = newToolCallId();
    expect(await vapiTool(vapi, "cancel_booking", { bookingId }, {}, c1)).toEqual({ result: CANCELLED });
    // Not "can no longer be changed": the cancel it asked for is done.
    expect(await vapiTool(vapi, "cancel_booking", { bookingId }, {}, c1)).toEqual({ result: CANCELLED });
    const { events, topics } = await timelineOf(server, bookingId);
    expect(events.map((event) => [event.version, event.action])).toEqual([
      [1, "create"],
      [2, "reschedule"],
      [3, "confirm"],
      [4, "cancel"],
    ]);
    // One Telegram message and one calendar update each.
    expect(topics).toEqual(["booking.create", "booking.reschedule", "booking.confirm", "booking.cancel"]);
    expect(await deliveriesOf(practice)).toEqual([
      ["tool:cancel_booking", "duplicate", null, null],
      ["tool:cancel_booking", "accepted", null, null],
      ["tool:reschedule_booking", "duplicate", null, null],
      ["tool:reschedule_booking", "accepted", null, null],
      ["tool:book_appointment", "accepted", null, null],
    ]);
    // A refusal is answered alike: the same id of another call is another tool call.
    const r1 = newToolCallId();
    const refused = await vapiTool(vapi, "reschedule_booking", move, {}, r1);
    expect(refused).toEqual({ error: "That booking can no longer be changed (it is cancelled or past)." });
    expect(await vapiTool(vapi, "reschedule_booking", move, {}, r1)).toEqual(refused);
    expect(
      await vapiTool(vapi, "cancel_booking", { bookingId }, { "message.call.id": "another-call" }, c1),
    ).toEqual({ result: "Cleaning at 2026-03-03T14:00:00-05:00 is cancelled: nothing more to do." });
  });

  it("runs once when it arrives twice at the same moment: both deliveries get its answer", async () => {
    const { practice, vapi, bookingId } = await bookedByVapi();
    const body = vapiToolCallsBody([{ name: "cancel_booking", args: { bookingId }, id: newToolCallId() }]);
    const [one, two] = await Promise.all([
      callVapiTools(server, vapi, body),
      callVapiTools(server, vapi, body),
    ]);
    expect(one.results).toEqual([
      { toolCallId: expect.any(String), result: "Cancelled Cleaning at 2026-03-03T10:00:00-05:00." },
    ]);
    expect(two).toEqual(one);
    expect((await timelineOf(server, bookingId)).topics).toEqual(["booking.create", "booking.cancel"]);
    expect(
      (await deliveriesOf(practice))
        .slice(0, 2)
        .map(([, result]) => result)
        .sort(),
    ).toEqual(["accepted", "duplicate"]);
  });

  it("is not run while another instance runs it (its claim in the database): the model is told to wait", async () => {
    const { practice, vapi, bookingId } = await bookedByVapi();
    const id = newToolCallId();
    const key = toolCallKey(vapi._id, VAPI_CALL_ID, id);
    // Another instance claimed it and is running it: its claim is there, its answer not yet.
    await server.db.execute(
      sql`insert into tool_call_answers (business_id, connection_id, tool_call, tool, received_at)
        values (${practice.businessId}::uuid, ${vapi._id}::uuid, ${key}, 'cancel_booking', now())`,
    );
    expect(await vapiTool(vapi, "cancel_booking", { bookingId }, {}, id)).toEqual({
      error:
        "That same request is still being handled: do not send it again; check the caller's bookings in a moment.",
    });
    expect((await bookingsOf(practice))[0]!.status).toBe("pending");
    // Once that instance has answered, its words.
    await server.db.execute(
      sql`update tool_call_answers set done = true, answer = 'Cancelled there.'
        where business_id = ${practice.businessId}::uuid and tool_call = ${key}`,
    );
    expect(await vapiTool(vapi, "cancel_booking", { bookingId }, {}, id)).toEqual({
      result: "Cancelled there.",
    });
    expect((await bookingsOf(practice))[0]!.status).toBe("pending");
    expect((await deliveriesOf(practice)).slice(0, 2)).toEqual([
      ["tool:cancel_booking", "duplicate", null, null],
      ["tool:cancel_booking", "duplicate", null, null],
    ]);
  });

  it("takes over a claim abandoned two minutes (its instance died mid-run): the retry runs the tool", async () => {
    const { practice, vapi, bookingId } = await bookedByVapi();
    const id = newToolCallId();
    const key = toolCallKey(vapi._id, VAPI_CALL_ID, id);
    const claimedBefore = async (ms: number) => {
      const at = new Date(server.clock().getTime() - ms).toISOString();
      await server.db.execute(
        sql`insert into tool_call_answers (business_id, connection_id, tool_call, tool, received_at)
          values (${practice.businessId}::uuid, ${vapi._id}::uuid, ${key}, 'cancel_booking', ${at}::timestamptz)
          on conflict (business_id, tool_call) do update set received_at = excluded.received_at`,
      );
    };
    await claimedBefore(2 * MINUTE - SECOND);
    expect((await vapiTool(vapi, "cancel_booking", { bookingId }, {}, id)).error).toMatch(
      /^That same request is still being handled/,
    );
    expect((await bookingsOf(practice))[0]!.status).toBe("pending");
    await claimedBefore(2 * MINUTE + SECOND);
    const cancelled = { result: "Cancelled Cleaning at 2026-03-03T10:00:00-05:00." };
    expect(await vapiTool(vapi, "cancel_booking", { bookingId }, {}, id)).toEqual(cancelled);
    expect((await bookingsOf(practice))[0]!.status).toBe("cancelled");
    // Its answer kept now: a later retry is given it, the tool not run again.
    expect(await vapiTool(vapi, "cancel_booking", { bookingId }, {}, id)).toEqual(cancelled);
    expect((await timelineOf(server, bookingId)).topics).toEqual(["booking.create", "booking.cancel"]);
  });

  it("releases only its own claim: one a later delivery took over stays that delivery's", async () => {
    const { practice, vapi } = await bookedByVapi();
    const key = toolCallKey(vapi._id, VAPI_CALL_ID, newToolCallId());
    const first = new Date(server.clock().getTime() - 2 * MINUTE - SECOND);
    const later = server.clock();
    for (const at of [first, later])
      await server.db.execute(
        sql`insert into tool_call_answers (business_id, connection_id, tool_call, tool, received_at)
          values (${practice.businessId}::uuid, ${vapi._id}::uuid, ${key}, 'cancel_booking', ${at.toISOString()}::timestamptz)
          on conflict (business_id, tool_call) do update set received_at = excluded.received_at`,
      );
    // The first delivery, past two minutes, could not record its answer: it gives its own claim up, not the later one.
    await releaseToolCall(server.db, { businessId: practice.businessId, toolCall: key, receivedAt: first });
    const claims = () =>
      rawRows<{ receivedAt: string }>(
        server.db,
        sql`select received_at::text as "receivedAt" from tool_call_answers where tool_call = ${key}`,
      );
    expect(await claims()).toHaveLength(1);
    await releaseToolCall(server.db, { businessId: practice.businessId, toolCall: key, receivedAt: later });
    expect(await claims()).toEqual([]);
  });

  it("books afresh when the caller books the same again after a cancel: only the same tool call gets its booking back", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const args = { service: "Cleaning", startTime: TUESDAY_10, customerName: "Ada" };
    const t1 = newToolCallId();
    const first = await vapiTool(vapi, "book_appointment", args, {}, t1);
    const [old] = await bookingsOf(practice);
    await vapiTool(vapi, "cancel_booking", { bookingId: old!.id });
    const again = await vapiTool(vapi, "book_appointment", args);
    const fresh = await besides(practice, old!.id);
    expect(again).toEqual({
      result: `Booked Cleaning for Ada at 2026-03-03T10:00:00-05:00 (booking ${fresh.id}); the business will confirm it.`,
    });
    // The first tool call sent again: its own words, nothing booked.
    expect(await vapiTool(vapi, "book_appointment", args, {}, t1)).toEqual(first);
    // A call without its call object: its tool call's id still tells a retry from a new call.
    const withoutCall = { "message.call": undefined };
    await vapiTool(vapi, "cancel_booking", { bookingId: fresh.id });
    const t2 = newToolCallId();
    const third = await vapiTool(vapi, "book_appointment", args, withoutCall, t2);
    expect(await vapiTool(vapi, "book_appointment", args, withoutCall, t2)).toEqual(third);
    expect((await bookingsOf(practice)).map((row) => row.status).sort()).toEqual([
      "cancelled",
      "cancelled",
      "pending",
    ]);
  });

  it("tells Retell's retry (the same request) from a new request of the same function (its call's transcript grown)", async () => {
    const practice = await openPractice(server);
    const retell = await connectRetell(server, practice.staff);
    const send = async (body: string, tool: string) =>
      (await (await deliverRetellTool(server, retell, body, tool)).json()) as {
        result?: string;
        error?: string;
      };
    const args = { service: "Cleaning", startTime: TUESDAY_10, customerName: "John Doe" };
    const book = retellToolBody("book_appointment", args);
    const first = await send(book, "book_appointment");
    const [old] = await bookingsOf(practice);
    const later = "Agent: Booked.\nUser: Cancel it, please.\n";
    const cancel = retellToolBody("cancel_booking", { bookingId: old!.id }, { "call.transcript": later });
    const cancelled = await send(cancel, "cancel_booking");
    expect(cancelled).toEqual({ result: "Cancelled Cleaning at 2026-03-03T10:00:00-05:00." });
    expect(await send(cancel, "cancel_booking")).toEqual(cancelled);
    expect((await timelineOf(server, old!.id)).topics).toEqual(["booking.create", "booking.cancel"]);
    const latest = `${later}Agent: Cancelled.\nUser: No, book it again.\n`;
    const again = await send(
      retellToolBody("book_appointment", args, { "call.transcript": latest }),
      "book_appointment",
    );
    expect(again.result).toContain(`(booking ${(await besides(practice, old!.id)).id})`);
    expect(await send(book, "book_appointment")).toEqual(first);
    expect(await bookingsOf(practice)).toHaveLength(2);
  });

  it("has nothing to tell a retry by in Retell's args-only payload: the same arguments later book afresh", async () => {
    const practice = await openPractice(server);
    const retell = await connectRetell(server, practice.staff);
    const send = async (args: unknown, tool: string) =>
      (await (await deliverRetellTool(server, retell, JSON.stringify(args), tool)).json()) as {
        result?: string;
        error?: string;
      };
    const args = {
      service: "Cleaning",
      startTime: TUESDAY_10,
      customerName: "John Doe",
      customerPhone: "+15551234567",
    };
    await send(args, "book_appointment");
    const [old] = await bookingsOf(practice);
    // Args only, the call is nobody's (no number, no call id): its tools change no booking, staff cancel it.
    expect(await send({ bookingId: old!.id }, "cancel_booking")).toEqual({
      error: "No such booking: list the caller's bookings to find its id.",
    });
    expect((await staffPut(server, practice.staff, old!.id, { status: "cancelled" })).status).toBe(200);
    const again = await send(args, "book_appointment");
    expect(again.result).toContain(`(booking ${(await besides(practice, old!.id)).id})`);
  });

  it("keeps the answers a week, with the accepted deliveries", async () => {
    const { practice } = await bookedByVapi();
    const answers = async () => {
      const [row] = await rawRows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from tool_call_answers where business_id = ${practice.businessId}::uuid`,
      );
      return row!.n;
    };
    expect(await answers()).toBe(1);
    const weekAfter = (ms: number) => new Date(server.clock().getTime() + ACCEPTED_DELIVERY_KEPT_MS + ms);
    expect((await purgeOldDeliveries(server.db, weekAfter(-1000))).toolCallAnswers).toBe(0);
    expect(await answers()).toBe(1);
    expect((await purgeOldDeliveries(server.db, weekAfter(1000))).toolCallAnswers).toBeGreaterThanOrEqual(1);
    expect(await answers()).toBe(0);
  });
});

describe("a move to the time a booking has already", () => {
  it("changes nothing: the tool says so, the booking stays confirmed, nobody is told again", async () => {
    const { practice, vapi, bookingId } = await bookedByVapi();
    expect((await staffPut(server, practice.staff, bookingId, { status: "confirmed" })).status).toBe(200);
    expect(
      await vapiTool(vapi, "reschedule_booking", { bookingId: bookingId, startTime: TUESDAY_10 }),
    ).toEqual({
      result: "Cleaning is already at 2026-03-03T10:00:00-05:00: nothing was changed.",
    });
    expect(await timelineOf(server, bookingId)).toMatchObject({
      events: [{ version: 1 }, { version: 2, action: "confirm" }],
      topics: ["booking.create", "booking.confirm"],
    });
    expect((await bookingsOf(practice))[0]!.status).toBe("confirmed");
  });
});

describe("tenant isolation", () => {
  it("a connection of another business neither sees nor touches this business's bookings", async () => {
    const owner = await openPractice(server);
    const other = await openPractice(server);
    const ownersVapi = await connectVapi(server, owner.staff);
    const othersVapi = await connectVapi(server, other.staff);
    const othersRetell = await connectRetell(server, other.staff);
    await vapiTool(ownersVapi, "book_appointment", {
      service: "Cleaning",
      startTime: TUESDAY_10,
      customerName: "Ada",
    });
    const [row] = await bookingsOf(owner);

    expect(await vapiTool(othersVapi, "list_caller_bookings", {})).toEqual({
      result: `No upcoming bookings for ${VAPI_CALLER}.`,
    });
    const noBooking = "No such booking: list the caller's bookings to find its id.";
    expect((await vapiTool(othersVapi, "cancel_booking", { bookingId: row!.id })).error).toBe(noBooking);
    expect(
      (
        await vapiTool(othersVapi, "reschedule_booking", {
          bookingId: row!.id,
          startTime: "2026-03-03T14:00:00-05:00",
        })
      ).error,
    ).toBe(noBooking);
    const retellCancel = await deliverRetellTool(
      server,
      othersRetell,
      retellToolBody("cancel_booking", { bookingId: row!.id }),
      "cancel_booking",
    );
    expect(await retellCancel.json()).toEqual({ error: noBooking });
    // The owner's service id is no service of the other business.
    expect((await vapiTool(othersVapi, "find_free_slots", { service: owner.service._id })).error).toBe(
      `No service is called "${owner.service._id}". The services are: Cleaning.`,
    );
    // Its slot is still the other business's to give: the businesses share nothing.
    expect(
      (
        await vapiTool(othersVapi, "book_appointment", {
          service: "Cleaning",
          startTime: TUESDAY_10,
          customerName: "Bo",
        })
      ).result,
    ).toMatch(/^Booked/);
    expect(await bookingsOf(owner)).toEqual([expect.objectContaining({ id: row!.id, status: "pending" })]);
    // This business's secret opens no other business's connection.
    const foreign = await deliver(
      server,
      "vapi",
      othersVapi._id,
      vapiToolCallsBody([{ name: "list_caller_bookings", args: {} }]),
      {
        authorization: `Bearer ${ownersVapi.secret}`,
      },
    );
    expect(foreign.status).toBe(401);
  });
});

describe("GET /api/assistant-connections/:id/tools", () => {
  it("gives each platform's ready-to-paste tools for the connection, and another business's connection is 404", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const retell = await connectRetell(server, practice.staff);
    const toolsOf = async (id: string, accessToken = practice.staff.accessToken) =>
      server.request(`/api/assistant-connections/${id}/tools`, { accessToken });
    const names = [
      "find_free_slots",
      "book_appointment",
      "list_caller_bookings",
      "reschedule_booking",
      "cancel_booking",
      "get_business_info",
    ];
    const vapiTools = await dataOf<AssistantConnectionTools>(await toolsOf(vapi._id));
    if (vapiTools.provider !== "vapi") throw new Error(`Vapi's tools came as ${vapiTools.provider}'s`);
    expect(vapiTools.tools.map((t) => t.function.name)).toEqual(names);
    expect(vapiTools.tools[1]).toEqual({
      type: "function",
      function: {
        name: "book_appointment",
        description: expect.any(String),
        parameters: {
          type: "object",
          properties: expect.objectContaining({ service: expect.any(Object), startTime: expect.any(Object) }),
          required: ["service", "startTime", "customerName"],
        },
      },
    });
    // No server of their own: Vapi sends them to the assistant's server URL, with its credential.
    expect(vapiTools.tools.filter((tool) => "server" in tool)).toEqual([]);
    const retellTools = await dataOf<AssistantConnectionTools>(await toolsOf(retell._id));
    if (retellTools.provider !== "retell")
      throw new Error(`Retell's tools came as ${retellTools.provider}'s`);
    expect(retellTools.tools.map((t) => t.name)).toEqual(names);
    expect(retellTools.tools[4]).toMatchObject({
      type: "custom",
      name: "cancel_booking",
      url: `${retell.webhookUrl}/tools/cancel_booking`,
      method: "POST",
      args_at_root: false,
      parameters: { type: "object", required: ["bookingId"] },
    });
    const stranger = await openPractice(server);
    expect((await toolsOf(vapi._id, stranger.staff.accessToken)).status).toBe(404);
  });
});
