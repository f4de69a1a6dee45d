import { describe, expect, it } from "vitest";
import { bookings } from "../../src/server/db/schema/bookings.schema";
import type { Slot } from "../../src/shared/availability.schema";
import { assistantBookingQuery } from "../../src/shared/booking.schema";
import {
  assistantBookingOf,
  assistantRequest,
  bookAsAssistant,
  bookingRowCounts,
  errorOf,
  openPractice,
  staffPut,
  staffPutAt,
  timelineOf,
} from "../support/server-bookings";
import { dataOf, reportCall } from "../support/server-calls";
import { readEnvelope, serverForFile } from "../support/server-harness";

const server = serverForFile();

// The test clock starts Monday 2026-03-02 12:00Z (07:00 in New York); the practice opens 09:00–17:00 EST.
const TUESDAY_10 = "2026-03-03T10:00:00-05:00";
const instant = (iso: string) => new Date(iso).getTime();

const slotsOf = async (key: string, serviceId: string, day: string) =>
  dataOf<Slot[]>(
    await server.request(`/api/assistant/slots?serviceId=${serviceId}&from=${day}&to=${day}`, {
      headers: { "x-api-key": key },
    }),
  );

describe("POST /api/assistant/bookings", () => {
  it("books a free slot (201, pending), answers a retry with 200 and the same booking, and takes the slot", async () => {
    const practice = await openPractice(server);
    const body = { externalId: "booking-1", startTime: TUESDAY_10, notes: "First visit" };
    const first = await bookAsAssistant(server, practice, body);
    expect(first.status).toBe(201);
    const booked = await assistantBookingOf(first);
    expect(booked).toMatchObject({
      externalId: "booking-1",
      serviceName: "Cleaning",
      status: "pending",
      durationMinutes: 30,
      // With the business's offset, as the slots print it: read back to a caller as it is.
      startTime: "2026-03-03T10:00:00-05:00",
      endTime: "2026-03-03T10:30:00-05:00",
      customerName: "Ada Lovelace",
      notes: "First visit",
    });
    const retry = await bookAsAssistant(server, practice, { ...body, customerName: "Someone Else" });
    expect(retry.status).toBe(200);
    expect(await assistantBookingOf(retry)).toEqual(booked);
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 1,
      events: 1,
      outbox: 1,
    });
    expect(await timelineOf(server, booked.id)).toEqual({
      events: [{ version: 1, action: "create", from: null, to: "pending", actor: "assistant:Front desk" }],
      topics: ["booking.create"],
    });
    const starts = (await slotsOf(practice.key, practice.service._id, "2026-03-03")).map((s) => s.start);
    expect(starts).not.toContain("2026-03-03T10:00:00-05:00");
    expect(starts).toContain("2026-03-03T10:30:00-05:00");
  });

  it("never books over a completed booking: its time stays taken (only a cancelled one frees it)", async () => {
    const practice = await openPractice(server);
    const first = await assistantBookingOf(
      await bookAsAssistant(server, practice, { externalId: "first", startTime: TUESDAY_10 }),
    );
    expect((await staffPut(server, practice.staff, first.id, { status: "confirmed" })).status).toBe(200);
    const completed = await staffPutAt(
      server,
      practice.staff,
      first.id,
      { status: "completed" },
      new Date(TUESDAY_10),
    );
    expect(completed.status).toBe(200);
    // Back on Monday, when the assistant may still book that 10:00 (what an early completion used to free).
    const starts = (await slotsOf(practice.key, practice.service._id, "2026-03-03")).map((s) => s.start);
    expect(starts).toContain("2026-03-03T10:30:00-05:00");
    expect(starts).not.toContain("2026-03-03T10:00:00-05:00");
    const over = await bookAsAssistant(server, practice, { externalId: "second", startTime: TUESDAY_10 });
    expect(over.status).toBe(409);
    expect((await errorOf(over)).code).toBe("SLOT_TAKEN");
  });

  it("reads a start without an offset in the business's timezone", async () => {
    const practice = await openPractice(server);
    const booked = await assistantBookingOf(
      await bookAsAssistant(server, practice, { startTime: "2026-03-03T11:15" }),
    );
    expect(booked.startTime).toBe("2026-03-03T11:15:00-05:00");
  });

  it("refuses a time that is not a free slot with 409 SLOT_TAKEN and the day's next free slots", async () => {
    const practice = await openPractice(server);
    await bookAsAssistant(server, practice, { startTime: TUESDAY_10 });
    const taken = await bookAsAssistant(server, practice, { startTime: "2026-03-03T10:15:00-05:00" });
    expect(taken.status).toBe(409);
    const error = await errorOf(taken);
    expect(error).toMatchObject({ code: "SLOT_TAKEN", field: "startTime" });
    expect(error.nextFreeSlots).toEqual([
      "2026-03-03T10:30:00-05:00",
      "2026-03-03T10:45:00-05:00",
      "2026-03-03T11:00:00-05:00",
      "2026-03-03T11:15:00-05:00",
      "2026-03-03T11:30:00-05:00",
    ]);
    // Off the slot grid, after closing, or on a closed day: never free.
    for (const startTime of [
      "2026-03-03T10:37:00-05:00",
      "2026-03-03T17:00:00-05:00",
      "2026-03-07T10:00:00-05:00",
    ]) {
      const response = await bookAsAssistant(server, practice, { startTime });
      expect(response.status, startTime).toBe(409);
      expect((await errorOf(response)).code).toBe("SLOT_TAKEN");
    }
    // Closing time has nothing later: the day's earliest are offered.
    const late = await errorOf(
      await bookAsAssistant(server, practice, { startTime: "2026-03-03T17:00:00-05:00" }),
    );
    expect(late.nextFreeSlots?.[0]).toBe("2026-03-03T09:00:00-05:00");
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 1,
      events: 1,
      outbox: 1,
    });
  });

  it("refuses a start inside the minimum notice or past the horizon, and answers a retry whose notice has passed with its booking", async () => {
    const practice = await openPractice(server);
    const early = { externalId: "early", startTime: "2026-03-02T10:30:00-05:00" };
    expect((await bookAsAssistant(server, practice, early)).status).toBe(201);
    try {
      // 09:20 in New York: a 60-minute notice leaves 10:30 on, and 10:30–11:00 is held.
      server.clock.set(new Date("2026-03-02T14:20:00Z"));
      const soon = await bookAsAssistant(server, practice, { startTime: "2026-03-02T10:00:00-05:00" });
      expect(soon.status).toBe(409);
      const refusal = await errorOf(soon);
      expect(refusal.code).toBe("SLOT_TAKEN");
      expect(refusal.nextFreeSlots?.[0]).toBe("2026-03-02T11:00:00-05:00");
      // 60 days from now end on 1 May: 4 May is past the horizon.
      const far = await bookAsAssistant(server, practice, { startTime: "2026-05-04T10:00:00-04:00" });
      expect(far.status).toBe(409);
      expect((await errorOf(far)).code).toBe("SLOT_TAKEN");
      // 10:00: the booking's own start is inside the notice now; its retry still answers it.
      server.clock.set(new Date("2026-03-02T15:00:00Z"));
      const retry = await bookAsAssistant(server, practice, early);
      expect(retry.status).toBe(200);
      expect(await assistantBookingOf(retry)).toMatchObject({ externalId: "early", status: "pending" });
    } finally {
      server.clock.set(new Date("2026-03-02T12:00:00Z"));
    }
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 1,
      events: 1,
      outbox: 1,
    });
  });

  it("books distinct slots asked for at once, each once, and the slots answer follows every write", async () => {
    // 15 minutes on the 15-minute grid: a booking takes exactly its own slot.
    const practice = await openPractice(server, 15);
    const day = "2026-03-04";
    const wanted = ["10:00", "10:30", "11:00"].map((time) => `${day}T${time}:00-05:00`);
    const before = (await slotsOf(practice.key, practice.service._id, day)).map((s) => s.start);
    expect(before).toEqual(expect.arrayContaining(wanted));
    // Four callers for each of three slots, all at once: they share statements, and each slot goes once.
    const responses = await Promise.all(
      wanted.flatMap((startTime) =>
        Array.from({ length: 4 }, () => bookAsAssistant(server, practice, { startTime })),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const booked = await Promise.all(
      responses.filter((r) => r.status === 201).map((response) => assistantBookingOf(response)),
    );
    expect(booked.map((b) => b.startTime).sort()).toEqual([...wanted].sort());
    const starts = async () => (await slotsOf(practice.key, practice.service._id, day)).map((s) => s.start);
    expect(await starts()).toEqual(before.filter((start) => !wanted.includes(start)));
    const byStart = (iso: string) => booked.find((b) => b.startTime === iso)!;
    const put = (id: string, json: unknown) =>
      assistantRequest(server, practice.key, `/${id}`, { method: "PUT", json });
    // A cancellation frees its slot; a reschedule frees the old one and takes the new one.
    expect((await put(byStart(wanted[0]!).id, { action: "cancel" })).status).toBe(200);
    expect(await starts()).toEqual(before.filter((start) => !wanted.slice(1).includes(start)));
    const moved = await put(byStart(wanted[1]!).id, {
      action: "reschedule",
      startTime: `${day}T14:00:00-05:00`,
    });
    expect(moved.status).toBe(200);
    expect(await starts()).toEqual(
      before.filter((start) => start !== wanted[2] && start !== `${day}T14:00:00-05:00`),
    );
  });

  it("lets exactly one of 20 concurrent requests for one slot have it; the others get 409 SLOT_TAKEN", async () => {
    const practice = await openPractice(server);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        bookAsAssistant(server, practice, { startTime: TUESDAY_10, customerPhone: `+1555000${i}` }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((r) => r.status === 409))
      expect((await errorOf(response)).code).toBe("SLOT_TAKEN");
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 1,
      events: 1,
      outbox: 1,
    });
  });

  it("makes one booking of concurrent retries of one externalId", async () => {
    const practice = await openPractice(server);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        bookAsAssistant(server, practice, { externalId: "same", startTime: TUESDAY_10 }),
      ),
    );
    const ids = new Set(
      await Promise.all(responses.map(async (response) => (await assistantBookingOf(response)).id)),
    );
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
  });

  it("links the call of callExternalId when the business has it, and keeps the id when it does not yet", async () => {
    const practice = await openPractice(server);
    const call = await reportCall(server, practice.key, {
      externalId: "call-7",
      callerNumber: "+15550001111",
      startedAt: "2026-03-02T11:50:00Z",
      status: "completed",
    });
    expect(call.status).toBe(201);
    const callId = (await dataOf<{ _id: string }>(call))._id;
    const linked = await assistantBookingOf(
      await bookAsAssistant(server, practice, { startTime: TUESDAY_10, callExternalId: "call-7" }),
    );
    const later = await assistantBookingOf(
      await bookAsAssistant(server, practice, {
        startTime: "2026-03-03T11:00:00-05:00",
        callExternalId: "call-8",
      }),
    );
    const rows = await server.db.select().from(bookings);
    expect(rows.find((row) => row.id === linked.id)).toMatchObject({ callId, callExternalId: "call-7" });
    expect(rows.find((row) => row.id === later.id)).toMatchObject({ callId: null, callExternalId: "call-8" });
  });

  it("answers 400 with the field for bad input, never a 500, and writes nothing", async () => {
    const practice = await openPractice(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ startTime: "2026-02-30T10:00:00Z" }, "startTime"],
      [{ startTime: "2026-03-03" }, "startTime"],
      [{ startTime: "tomorrow" }, "startTime"],
      [{ startTime: TUESDAY_10, customerName: "  " }, "customerName"],
      [{ startTime: TUESDAY_10, customerPhone: 5 }, "customerPhone"],
      [{ startTime: TUESDAY_10, serviceId: "nope" }, "serviceId"],
      [{ startTime: TUESDAY_10, externalId: "" }, "externalId"],
      [{ startTime: TUESDAY_10, surprise: true }, "surprise"],
    ];
    for (const [body, field] of cases) {
      const response = await bookAsAssistant(server, practice, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).field, JSON.stringify(body)).toBe(field);
    }
    expect(await bookingRowCounts(server, practice.businessId)).toEqual({
      bookings: 0,
      events: 0,
      outbox: 0,
    });
  });
});

describe("GET /api/assistant/bookings", () => {
  it("lists the caller's upcoming pending and confirmed bookings, soonest first", async () => {
    const practice = await openPractice(server);
    const book = async (startTime: string, customerPhone = "+15550001111") =>
      assistantBookingOf(await bookAsAssistant(server, practice, { startTime, customerPhone }));
    const later = await book("2026-03-04T10:00:00-05:00");
    const sooner = await book(TUESDAY_10);
    const cancelled = await book("2026-03-05T10:00:00-05:00");
    await book("2026-03-03T12:00:00-05:00", "+15550002222");
    expect(
      (
        await assistantRequest(server, practice.key, `/${cancelled.id}`, {
          method: "PUT",
          json: { action: "cancel" },
        })
      ).status,
    ).toBe(200);
    const listed = await dataOf<{ id: string }[]>(
      await assistantRequest(server, practice.key, `?customerPhone=${encodeURIComponent("+15550001111")}`),
    );
    expect(listed.map((booking) => booking.id)).toEqual([sooner.id, later.id]);
    expect((await assistantRequest(server, practice.key, "")).status).toBe(400);
  });

  it("finds the caller by the digits of their number, as the privacy desk does, however it was written", async () => {
    const practice = await openPractice(server);
    const book = async (startTime: string, customerPhone: string) =>
      assistantBookingOf(await bookAsAssistant(server, practice, { startTime, customerPhone }));
    const spaced = await book(TUESDAY_10, "+48 600 100 200");
    const prefixed = await book("2026-03-04T10:00:00-05:00", "0048-600-100-200");
    // Without its country code it is another number; so is one with a digit more.
    await book("2026-03-05T10:00:00-05:00", "600 100 200");
    await book("2026-03-05T11:00:00-05:00", "+48 600 100 2001");
    await book("2026-03-05T12:00:00-05:00", "at the front desk");
    const listed = async (customerPhone: string) =>
      (
        await dataOf<{ id: string }[]>(
          await assistantRequest(server, practice.key, `?customerPhone=${encodeURIComponent(customerPhone)}`),
        )
      ).map((booking) => booking.id);
    for (const phone of ["+48600100200", "0048 600 100 200", "(+48) 600-100-200"])
      expect(await listed(phone), phone).toEqual([spaced.id, prefixed.id]);
    // A number without a digit is no one's, not every booking whose number has none.
    expect(await listed("at the front desk")).toEqual([]);
    expect(await listed("00")).toEqual([]);
  });
});

describe("PUT /api/assistant/bookings/:id", () => {
  it("reschedules into a free slot (its own time counts as free), back to pending, and cancels", async () => {
    const practice = await openPractice(server, 60);
    const booked = await assistantBookingOf(
      await bookAsAssistant(server, practice, { startTime: TUESDAY_10 }),
    );
    const other = await assistantBookingOf(
      await bookAsAssistant(server, practice, { startTime: "2026-03-03T12:00:00-05:00" }),
    );
    const move = (id: string, startTime: string) =>
      assistantRequest(server, practice.key, `/${id}`, {
        method: "PUT",
        json: { action: "reschedule", startTime },
      });
    // 10:30 overlaps its own 10:00–11:00 only.
    const moved = await move(booked.id, "2026-03-03T10:30:00-05:00");
    expect(moved.status).toBe(200);
    expect(await assistantBookingOf(moved)).toMatchObject({
      status: "pending",
      startTime: "2026-03-03T10:30:00-05:00",
      endTime: "2026-03-03T11:30:00-05:00",
    });
    const clash = await move(booked.id, "2026-03-03T11:30:00-05:00");
    expect(clash.status).toBe(409);
    const error = await errorOf(clash);
    expect(error.code).toBe("SLOT_TAKEN");
    expect(
      error.nextFreeSlots?.every((start) => instant(start) >= instant("2026-03-03T13:00:00-05:00")),
    ).toBe(true);
    const cancelled = await assistantRequest(server, practice.key, `/${other.id}`, {
      method: "PUT",
      json: { action: "cancel" },
    });
    expect(await assistantBookingOf(cancelled)).toMatchObject({ status: "cancelled" });
    const again = await assistantRequest(server, practice.key, `/${other.id}`, {
      method: "PUT",
      json: { action: "reschedule", startTime: "2026-03-04T10:00:00-05:00" },
    });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: "BOOKING_STATUS", currentStatus: "cancelled" });
    expect((await timelineOf(server, booked.id)).topics).toEqual(["booking.create", "booking.reschedule"]);
    expect((await timelineOf(server, other.id)).topics).toEqual(["booking.create", "booking.cancel"]);
  });

  it("answers a cancel sent again (its answer lost) 200 with the booking as it is, whatever version it names, writing nothing", async () => {
    const practice = await openPractice(server);
    const booked = await assistantBookingOf(
      await bookAsAssistant(server, practice, { startTime: TUESDAY_10 }),
    );
    const cancel = (json: unknown, headers: Record<string, string> = {}) =>
      assistantRequest(server, practice.key, `/${booked.id}`, { method: "PUT", json, headers });
    const first = await cancel({ action: "cancel", version: 1 });
    expect(first.status).toBe(200);
    const cancelled = await assistantBookingOf(first);
    expect(cancelled).toMatchObject({ status: "cancelled", version: 2 });
    const counts = await bookingRowCounts(server, practice.businessId);
    // The same request again (the version it read before), with If-Match, and without a version.
    for (const [json, headers] of [
      [{ action: "cancel", version: 1 }, {}],
      [{ action: "cancel" }, { "if-match": '"1"' }],
      [{ action: "cancel" }, {}],
    ] as const) {
      const again = await cancel(json, headers);
      expect(again.status, JSON.stringify([json, headers])).toBe(200);
      expect(await assistantBookingOf(again)).toEqual(cancelled);
    }
    expect(await bookingRowCounts(server, practice.businessId)).toEqual(counts);
    expect((await timelineOf(server, booked.id)).topics).toEqual(["booking.create", "booking.cancel"]);
    // A move of it is still refused: it is cancelled.
    const moved = await cancel({ action: "reschedule", startTime: "2026-03-04T10:00:00-05:00" });
    expect(moved.status).toBe(409);
    expect(await errorOf(moved)).toMatchObject({ code: "BOOKING_STATUS", currentStatus: "cancelled" });
  });

  it("refuses a change made against a stale version (body or If-Match) with 409 BOOKING_CHANGED, writing nothing", async () => {
    const practice = await openPractice(server);
    const booked = await assistantBookingOf(
      await bookAsAssistant(server, practice, { startTime: TUESDAY_10 }),
    );
    expect(booked.version).toBe(1);
    const other = await assistantBookingOf(
      await bookAsAssistant(server, practice, { startTime: "2026-03-03T12:00:00-05:00" }),
    );
    // Staff confirm it meanwhile: version 2.
    expect((await staffPut(server, practice.staff, booked.id, { status: "confirmed" })).status).toBe(200);
    const put = (json: unknown, headers: Record<string, string> = {}) =>
      assistantRequest(server, practice.key, `/${booked.id}`, { method: "PUT", json, headers });
    const before = await bookingRowCounts(server, practice.businessId);
    for (const [json, headers] of [
      [{ action: "cancel", version: 1 }, {}],
      [{ action: "cancel" }, { "if-match": '"1"' }],
      // Stale wins over a taken time: the assistant's read is out of date, whatever it asks for.
      [{ action: "reschedule", startTime: "2026-03-03T12:00:00-05:00", version: 1 }, {}],
    ] as const) {
      const response = await put(json, headers);
      expect(response.status, JSON.stringify(json)).toBe(409);
      expect(await errorOf(response)).toMatchObject({ code: "BOOKING_CHANGED", currentStatus: "confirmed" });
    }
    expect(await bookingRowCounts(server, practice.businessId)).toEqual(before);
    const disagreeing = await put({ action: "cancel", version: 2 }, { "if-match": '"1"' });
    expect(disagreeing.status).toBe(400);
    expect((await errorOf(disagreeing)).field).toBe("version");
    expect((await put({ action: "cancel", version: 0 })).status).toBe(400);
    expect((await put({ action: "cancel", version: "2" })).status).toBe(400);
    const cancelled = await put({ action: "cancel", version: 2 }, { "if-match": 'W/"2"' });
    expect(await assistantBookingOf(cancelled)).toMatchObject({ status: "cancelled", version: 3 });
    // Without a version the change applies to the current one, still through the rule.
    const moved = await assistantRequest(server, practice.key, `/${other.id}`, {
      method: "PUT",
      json: { action: "reschedule", startTime: TUESDAY_10 },
    });
    expect(await assistantBookingOf(moved)).toMatchObject({ status: "pending", version: 2 });
    expect((await timelineOf(server, booked.id)).topics).toEqual([
      "booking.create",
      "booking.confirm",
      "booking.cancel",
    ]);
  });

  it("keeps to the key's business: another business's booking ids and malformed ids are 404", async () => {
    const ours = await openPractice(server);
    const theirs = await openPractice(server);
    const booked = await assistantBookingOf(await bookAsAssistant(server, theirs, { startTime: TUESDAY_10 }));
    for (const id of [booked.id, "not-a-uuid", crypto.randomUUID()]) {
      const response = await assistantRequest(server, ours.key, `/${id}`, {
        method: "PUT",
        json: { action: "cancel" },
      });
      expect(response.status, id).toBe(404);
    }
    const listed = await dataOf<unknown[]>(
      await assistantRequest(server, ours.key, `?customerPhone=${encodeURIComponent("+15550001111")}`),
    );
    expect(listed).toEqual([]);
    // Their service is not ours to book.
    const foreign = await bookAsAssistant(
      server,
      { ...ours, service: theirs.service },
      { startTime: TUESDAY_10 },
    );
    expect(foreign.status).toBe(404);
    expect((await timelineOf(server, booked.id)).topics).toEqual(["booking.create"]);
    const unauthenticated = await server.request("/api/assistant/bookings?customerPhone=1");
    expect(unauthenticated.status).toBe(401);
    expect((await readEnvelope(unauthenticated)).success).toBe(false);
  });
});

describe("a caller's number in the query string", () => {
  it("reads an unencoded + (which form encoding turns into a space) as the +, and the OpenAPI document says to send %2B", async () => {
    // The number as the route reads it: the + back, not trimmed off.
    expect(assistantBookingQuery({ customerPhone: " 15550001111" })).toEqual({
      customerPhone: "+15550001111",
    });
    expect(assistantBookingQuery({ customerPhone: " +1 555 000 1111 " })).toEqual({
      customerPhone: "+1 555 000 1111",
    });
    const practice = await openPractice(server);
    const booked = await assistantBookingOf(
      await bookAsAssistant(server, practice, { startTime: TUESDAY_10, customerPhone: "+15550001111" }),
    );
    // End to end both spellings find the booking: a check of the route, not of the + restored (the lookup
    // compares digits, so it holds either way); the reading itself is checked above.
    for (const query of ["?customerPhone=+15550001111", "?customerPhone=%2B15550001111"]) {
      const listed = await dataOf<{ id: string }[]>(await assistantRequest(server, practice.key, query));
      expect(
        listed.map((booking) => booking.id),
        query,
      ).toEqual([booked.id]);
    }
    const document = (await (await server.request("/api/openapi.json")).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string; schema: { description?: string } }[] } }>;
    };
    const parameter = document.paths["/api/assistant/bookings"]!.get!.parameters!.find(
      (p) => p.name === "customerPhone",
    )!;
    expect(parameter.schema.description).toContain("%2B");
  });
});

describe("the OpenAPI example of a booking", () => {
  it("is shaped as a real answer: the same fields, every time with the business's offset", async () => {
    const practice = await openPractice(server);
    const real = await assistantBookingOf(await bookAsAssistant(server, practice, { startTime: TUESDAY_10 }));
    const document = (await (await server.request("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        { post?: { responses: Record<string, { content: Record<string, { example: unknown }> }> } }
      >;
    };
    const { data: example } = document.paths["/api/assistant/bookings"]!.post!.responses["201"]!.content[
      "application/json"
    ]!.example as { data: Record<string, unknown> };
    expect(Object.keys(example).sort()).toEqual(Object.keys(real).sort());
    const withOffset = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;
    for (const field of ["startTime", "endTime", "createdAt"] as const) {
      expect(real[field], field).toMatch(withOffset);
      expect(example[field], field).toMatch(withOffset);
    }
  });
});
