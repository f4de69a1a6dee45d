import { mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertBookings } from "../../src/server/bookings/bookings-write.repo";
import { rawRows } from "../../src/server/db/raw-rows";
import { RECORDING_SCAN_MS } from "../../src/server/recordings/recording-copier";
import type { AuditList } from "../../src/shared/audit.schema";
import type { BookingDetail } from "../../src/shared/booking.schema";
import type { CallImportResult } from "../../src/shared/call-import.schema";
import type { CallerData, ErasureReceipt, ExportedCall } from "../../src/shared/caller-data.schema";
import type { DashboardStats } from "../../src/shared/dashboard.schema";
import { type FakeRecordings, startFakeRecordings, tinyWav } from "../support/fake-recordings";
import {
  callVapiTools,
  connectVapi,
  deliverVapi,
  fixtureWith,
  vapiToolCallsBody,
} from "../support/platform-deliveries";
import { readZip, readZipEntries } from "../support/read-zip";
import type { SignedIn } from "../support/server-accounts";
import {
  assistantBookingOf,
  bookAsAssistant,
  bulkBooking,
  errorOf,
  openPractice,
  type Practice,
  SYSTEM_ACTOR,
} from "../support/server-bookings";
import { dataOf, reportCall } from "../support/server-calls";
import { createTestClock, DAY } from "../support/server-clock";
import { startTestServer, type TestServer } from "../support/server-harness";

// Noon in New York, a Monday.
const START = new Date("2026-03-02T17:00:00.000Z");
const clock = createTestClock(START);
let server: TestServer;
// Calls' recordings come from a fake platform storage and are copied as files under dataDir.
let recordings: FakeRecordings;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "calldesk-desk-"));
  recordings = await startFakeRecordings({ now: clock });
  server = await startTestServer({ clock, env: { ...recordings.env, DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await recordings.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Ada's number as her calls report it, and as a booking made by hand wrote it: one caller.
const ADA_PHONE = "+1 718 555 0142";
const ADA_PHONE_TYPED = "+17185550142";
const ADA = "Ada Lovelace";
const ADA_TRANSCRIPT = [
  { speaker: "caller", text: "Hello, this is Ada Lovelace, my number is +1 718 555 0142.", offsetSeconds: 1 },
  { speaker: "assistant", text: "Thank you, I have booked you a cleaning.", offsetSeconds: 4 },
] as const;

const get = async <T>(staff: SignedIn, path: string) =>
  dataOf<T>(await server.request(path, { accessToken: staff.accessToken }));

const find = (staff: SignedIn, query: string) => get<CallerData>(staff, `/api/privacy/caller?${query}`);

const erase = (staff: SignedIn, json: unknown) =>
  server.request("/api/privacy/caller/erase", { method: "POST", json, accessToken: staff.accessToken });

const phoneQuery = (phone: string) => `phone=${encodeURIComponent(phone)}`;

/**
 * A practice where Ada called twice (one call with content, one missed) and holds a past completed booking
 * and two upcoming ones, beside Grace, another caller whose data must stay.
 */
async function practiceWithAda(): Promise<{ practice: Practice; upcoming: string[]; past: string }> {
  const practice = await openPractice(server);
  const report = (json: Record<string, unknown>) =>
    reportCall(server, practice.key, json).then((response) => expect(response.status).toBe(201));
  await report({
    externalId: "ada-1",
    callerNumber: ADA_PHONE,
    callerName: ADA,
    startedAt: new Date(START.getTime() - 3 * DAY).toISOString(),
    status: "completed",
    outcome: "booked",
    summary: "Ada Lovelace booked a cleaning.",
    transcript: ADA_TRANSCRIPT,
    recordingUrl: "https://recordings.example.com/ada-1.mp3",
  });
  await report({
    externalId: "ada-2",
    callerNumber: ADA_PHONE,
    startedAt: new Date(START.getTime() - DAY).toISOString(),
    status: "missed",
  });
  await report({
    externalId: "grace-1",
    callerNumber: "+1 212 555 0199",
    callerName: "Grace Hopper",
    startedAt: new Date(START.getTime() - 2 * DAY).toISOString(),
    status: "completed",
    summary: "Grace asked about prices.",
    transcript: [{ speaker: "caller", text: "Grace here.", offsetSeconds: 1 }],
  });
  const upcoming = [
    await assistantBookingOf(
      await bookAsAssistant(server, practice, {
        startTime: "2026-03-05T15:00:00Z",
        customerName: ADA,
        customerPhone: ADA_PHONE,
        notes: "Prefers mornings",
      }),
    ),
    await assistantBookingOf(
      await bookAsAssistant(server, practice, {
        startTime: "2026-03-04T15:00:00Z",
        customerName: "ada lovelace",
        customerPhone: ADA_PHONE_TYPED,
      }),
    ),
  ].map((booking) => booking.id);
  await bookAsAssistant(server, practice, {
    startTime: "2026-03-06T15:00:00Z",
    customerName: "Grace Hopper",
    customerPhone: "+1 212 555 0199",
  });
  await insertBookings(
    server.db,
    practice.businessId,
    [
      bulkBooking({
        startTime: new Date("2026-02-20T15:00:00Z"),
        createdAt: new Date("2026-02-18T15:00:00Z"),
        status: "completed",
        priceCents: 4500,
        customerName: ADA,
        customerPhone: ADA_PHONE,
        notes: "Ada Lovelace, first visit",
      }),
    ],
    SYSTEM_ACTOR,
  );
  const [past] = await rawRows<{ id: string }>(
    server.db,
    sql`select id from bookings where business_id = ${practice.businessId}::uuid and status = 'completed'`,
  );
  return { practice, upcoming: [upcoming[1]!, upcoming[0]!], past: past!.id };
}

/**
 * The text, varchar and json(b) columns of every table of the database (information_schema: a table added
 * later is searched too) where a row of the business (by its business_id; every row of a table without one)
 * holds `needle`, any case, as "table.column".
 */
async function columnsHolding(businessId: string, needle: string): Promise<string[]> {
  const columns = await rawRows<{ table: string; column: string; owner: string | null }>(
    server.db,
    sql`select c.table_name as "table", c.column_name as "column",
        (select o.column_name from information_schema.columns o
          where o.table_schema = c.table_schema and o.table_name = c.table_name
            and o.column_name = case when c.table_name = 'businesses' then 'id' else 'business_id' end)
          as owner
      from information_schema.columns c
      where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'jsonb', 'json')
      order by c.table_name, c.column_name`,
  );
  expect(columns.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table, column, owner } of columns) {
    const ofBusiness = owner ? sql`${sql.identifier(owner)} = ${businessId}::uuid` : sql`true`;
    const [row] = await rawRows<{ hits: number }>(
      server.db,
      sql`select count(*)::int as hits from ${sql.identifier(table)}
        where ${ofBusiness} and ${sql.identifier(column)}::text ilike ${`%${needle}%`}`,
    );
    if (row!.hits > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** The files of a caller's archive but their recordings, in order. */
const CALLER_ARCHIVE_FILES = [
  "readme.txt",
  "calls.json",
  "calls.csv",
  "transcripts.csv",
  "bookings.json",
  "bookings.csv",
];

describe("GET /api/privacy/caller", () => {
  it("finds every call and booking of a caller by the digits of their number, upcoming bookings first", async () => {
    const { practice, upcoming, past } = await practiceWithAda();
    const found = await find(practice.staff, phoneQuery("+1 (718) 555-0142"));
    expect(found.calls.map((call) => call.fromNumber)).toEqual([ADA_PHONE, ADA_PHONE]);
    expect(found.calls[1]).toMatchObject({
      customerName: ADA,
      hasTranscript: true,
      summary: "Ada Lovelace booked a cleaning.",
      recordingUrl: "https://recordings.example.com/ada-1.mp3",
    });
    expect(found.calls[0]).toMatchObject({ status: "missed", hasTranscript: false, recordingUrl: null });
    expect(found.bookings.map((booking) => [booking._id, booking.upcoming])).toEqual([
      [upcoming[0], true],
      [upcoming[1], true],
      [past, false],
    ]);
  });

  it("finds them by name in any case, and nothing of another business's callers", async () => {
    const { practice } = await practiceWithAda();
    const found = await find(practice.staff, "name=ADA%20LOVELACE");
    expect(found.calls).toHaveLength(1);
    expect(found.bookings).toHaveLength(3);
    const other = await openPractice(server);
    expect(await find(other.staff, phoneQuery(ADA_PHONE))).toEqual({ calls: [], bookings: [] });
    expect(await find(other.staff, `name=${encodeURIComponent(ADA)}`)).toEqual({ calls: [], bookings: [] });
  });

  it("finds a number written with its international prefix 00 as the same number written with +, both ways", async () => {
    const practice = await openPractice(server);
    const written = ["+48 600 100 200", "0048600100200", "00 48 600-100-200", "48600100200"];
    for (const [i, callerNumber] of written.entries()) {
      const response = await reportCall(server, practice.key, {
        externalId: `pl-${i}`,
        callerNumber,
        startedAt: new Date(START.getTime() - (i + 1) * DAY).toISOString(),
        status: "missed",
      });
      expect(response.status).toBe(201);
    }
    await bookAsAssistant(server, practice, {
      startTime: "2026-03-05T15:00:00Z",
      customerName: "Jan Kowalski",
      customerPhone: "0048 600 100 200",
    });
    // A number of the country that has no 00 before it is another one.
    await reportCall(server, practice.key, {
      externalId: "national",
      callerNumber: "600 100 200",
      startedAt: new Date(START.getTime() - DAY).toISOString(),
      status: "missed",
    });
    for (const search of written) {
      const found = await find(practice.staff, phoneQuery(search));
      expect(found.calls.map((call) => call.fromNumber).sort(), search).toEqual([...written].sort());
      expect(
        found.bookings.map((booking) => booking.customerPhone),
        search,
      ).toEqual(["0048 600 100 200"]);
    }
    const erased = await erase(practice.staff, {
      phone: "+48 600 100 200",
      decisions: [
        {
          bookingId: (await find(practice.staff, phoneQuery("+48600100200"))).bookings[0]!._id,
          decision: "keep",
        },
      ],
    });
    expect(await dataOf<ErasureReceipt>(erased)).toMatchObject({ calls: 4, bookings: 1 });
    for (const needle of ["600100200", "600-100-200", "Kowalski"])
      expect(await columnsHolding(practice.businessId, needle), needle).toEqual([]);
    expect((await find(practice.staff, phoneQuery("600 100 200"))).calls).toHaveLength(1);
  });

  it("refuses a search without exactly one of a phone number (with a digit) and a name", async () => {
    const { staff } = await openPractice(server);
    for (const [query, field] of [
      ["", "phone"],
      ["phone=abc", "phone"],
      // Only the international prefix: no number is left to compare (it would match every unknown caller).
      ["phone=00", "phone"],
      ["phone=%2B00", "phone"],
      ["name=%20%20", "name"],
      [`${phoneQuery(ADA_PHONE)}&name=Ada`, "phone"],
      // No text column holds a NUL: it was a 500 from the database.
      ["name=a%00b", "name"],
      ["phone=555%000100", "phone"],
    ] as const) {
      for (const path of ["/api/privacy/caller", "/api/privacy/caller/export"]) {
        const response = await server.request(`${path}?${query}`, { accessToken: staff.accessToken });
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(await errorOf(response)).toMatchObject({ code: "VALIDATION", field });
      }
    }
  });
});

describe("GET /api/privacy/caller/export", () => {
  it("downloads a zip of the caller's calls, transcripts and bookings as JSON and CSV with a readme, and logs it", async () => {
    const { practice } = await practiceWithAda();
    const response = await server.request(`/api/privacy/caller/export?${phoneQuery(ADA_PHONE_TYPED)}`, {
      accessToken: practice.staff.accessToken,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="caller-data-/);
    const files = await readZip(new Uint8Array(await response.arrayBuffer()));
    expect([...files.keys()]).toEqual(CALLER_ARCHIVE_FILES);
    const calls = JSON.parse(files.get("calls.json")!) as ExportedCall[];
    expect(calls).toHaveLength(2);
    expect(calls[1]!.transcript).toEqual(ADA_TRANSCRIPT);
    expect(files.get("calls.csv")!.split("\r\n")[0]).toBe(
      "_id,startTime,fromNumber,customerName,status,duration,outcome,serviceName,summary,recordingUrl",
    );
    expect(files.get("transcripts.csv")!.split("\r\n")).toEqual([
      "callId,offsetSeconds,speaker,text",
      `${calls[1]!._id},1,caller,"${ADA_TRANSCRIPT[0].text}"`,
      `${calls[1]!._id},4,assistant,"${ADA_TRANSCRIPT[1].text}"`,
      "",
    ]);
    expect(JSON.parse(files.get("bookings.json")!)).toHaveLength(3);
    expect(files.get("bookings.csv")!.split("\r\n")).toHaveLength(5);
    expect(files.get("readme.txt")).toContain("transcripts.csv");
    // Nothing of Grace's.
    for (const text of files.values()) expect(text).not.toContain("Grace");
    const log = await get<AuditList>(practice.staff, "/api/audit");
    expect(log.data[0]).toMatchObject({ action: "caller_data.exported", details: {} });
    expect(JSON.stringify(log.data[0])).not.toContain("0142");
  });

  it("writes a text a spreadsheet would run as a formula with a ' before it in the CSV, exactly in the JSON", async () => {
    const practice = await openPractice(server);
    const name = '=HYPERLINK("https://evil.example","Ada")';
    const phone = "+48 600 100 200";
    const said = "-2+3 is what I owe";
    const reported = await reportCall(server, practice.key, {
      externalId: "formula-1",
      callerNumber: phone,
      callerName: name,
      startedAt: new Date(START.getTime() - DAY).toISOString(),
      status: "completed",
      transcript: [{ speaker: "caller", text: said, offsetSeconds: 1 }],
    });
    expect(reported.status).toBe(201);
    await bookAsAssistant(server, practice, {
      startTime: "2026-03-05T15:00:00Z",
      customerName: "@Ada",
      customerPhone: phone,
      notes: "=1+1",
    });
    const response = await server.request(`/api/privacy/caller/export?${phoneQuery(phone)}`, {
      accessToken: practice.staff.accessToken,
    });
    const files = await readZip(new Uint8Array(await response.arrayBuffer()));
    const [call] = JSON.parse(files.get("calls.json")!) as ExportedCall[];
    expect(call).toMatchObject({ fromNumber: phone, customerName: name, transcript: [{ text: said }] });
    expect(JSON.parse(files.get("bookings.json")!)).toMatchObject([
      { customerName: "@Ada", customerPhone: phone, notes: "=1+1" },
    ]);
    expect(files.get("calls.csv")).toContain(
      `,"'+48 600 100 200","'=HYPERLINK(""https://evil.example"",""Ada"")",`,
    );
    expect(files.get("transcripts.csv")).toContain(`,1,caller,"'-2+3 is what I owe"\r\n`);
    expect(files.get("bookings.csv")).toContain(`,"'@Ada","'+48 600 100 200","'=1+1",`);
    expect(files.get("readme.txt")).toContain("has a ' put before it");
  });

  it("answers a HEAD with the file's headers alone: nothing is read, nothing is logged", async () => {
    const { practice } = await practiceWithAda();
    const before = await get<AuditList>(practice.staff, "/api/audit");
    const response = await server.request(`/api/privacy/caller/export?${phoneQuery(ADA_PHONE_TYPED)}`, {
      method: "HEAD",
      accessToken: practice.staff.accessToken,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="caller-data-/);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
    expect(await get<AuditList>(practice.staff, "/api/audit")).toEqual(before);
  });

  it("holds the recordings kept of the caller's calls, byte for byte and uncompressed, no one else's; one deleted meanwhile is left out", async () => {
    const practice = await openPractice(server);
    const call = async (externalId: string, callerNumber: string, recording: Buffer | null) => {
      const response = await reportCall(server, practice.key, {
        externalId,
        callerNumber,
        startedAt: new Date(clock().getTime() - DAY).toISOString(),
        status: "completed",
        recordingUrl:
          recording && recordings.publish(`desk-${externalId}`, recording, { contentType: "audio/mpeg" }),
      });
      expect(response.status).toBe(201);
      return (await dataOf<{ _id: string }>(response))._id;
    };
    const adaRecording = tinyWav();
    const adaCall = await call("ada-recorded", ADA_PHONE, adaRecording);
    const goneCall = await call("ada-recording-gone", ADA_PHONE, tinyWav(0.25));
    await call("ada-unrecorded", ADA_PHONE, null);
    await call("grace-recorded", "+1 212 555 0199", tinyWav(1));
    // The copy worker's next scan copies them; then one file goes, as the retention purge would meanwhile.
    const before = clock();
    clock.advance(RECORDING_SCAN_MS);
    expect(await server.runDue()).toContain("recording-copies");
    // Back to the time this file's other tests are written for.
    clock.set(before);
    unlinkSync(join(dataDir, "recordings", practice.businessId, goneCall));

    const response = await server.request(`/api/privacy/caller/export?${phoneQuery(ADA_PHONE_TYPED)}`, {
      accessToken: practice.staff.accessToken,
    });
    expect(response.status).toBe(200);
    const files = await readZipEntries(new Uint8Array(await response.arrayBuffer()));
    expect([...files.keys()]).toEqual([...CALLER_ARCHIVE_FILES, `recordings/${adaCall}.mp3`]);
    expect(files.get(`recordings/${adaCall}.mp3`)).toEqual({ bytes: adaRecording, compressionMethod: 0 });
    expect(files.get("readme.txt")!.bytes.toString()).toContain(
      "recordings/CALL_ID.EXT: the recordings of those calls the business keeps",
    );
  });
});

describe("POST /api/privacy/caller/erase", () => {
  it("refuses without a decision for each upcoming booking, or with one for another booking, writing nothing", async () => {
    const { practice, upcoming, past } = await practiceWithAda();
    const before = await find(practice.staff, phoneQuery(ADA_PHONE));
    for (const decisions of [
      [],
      [{ bookingId: upcoming[0], decision: "cancel" }],
      [
        { bookingId: upcoming[0], decision: "keep" },
        { bookingId: upcoming[1], decision: "keep" },
        { bookingId: past, decision: "keep" },
      ],
    ]) {
      const response = await erase(practice.staff, { phone: ADA_PHONE, decisions });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "VALIDATION", field: "decisions" });
    }
    expect(await find(practice.staff, phoneQuery(ADA_PHONE))).toEqual(before);
    expect((await get<AuditList>(practice.staff, "/api/audit")).data[0]?.action).not.toBe(
      "caller_data.erased",
    );
  });

  it("cancels the chosen bookings by the rule, leaves no personal field anywhere, keeps the figures, and answers a receipt", async () => {
    const { practice, upcoming } = await practiceWithAda();
    const dashboard = () => get<DashboardStats>(practice.staff, "/api/dashboard/stats");
    const { recentCalls: _, ...figures } = await dashboard();
    const response = await erase(practice.staff, {
      phone: ADA_PHONE,
      decisions: [
        { bookingId: upcoming[0], decision: "cancel" },
        { bookingId: upcoming[1], decision: "keep" },
      ],
    });
    expect(response.status).toBe(200);
    const receipt = await dataOf<ErasureReceipt>(response);
    expect(receipt).toEqual({
      _id: expect.stringMatching(/^[0-9]+$/),
      erasedAt: START.toISOString(),
      erasedBy: practice.staff.user.email,
      calls: 2,
      bookings: 3,
      cancelledBookings: 1,
      outOfReach: ["telegramMessages", "calendarEvents"],
    });
    for (const word of ["Lovelace", "0142", "7185550142", "Prefers mornings", "first visit"])
      expect(JSON.stringify(receipt)).not.toContain(word);

    // Not one text or jsonb column of any table still holds her number or her name; Grace's stay.
    expect(await columnsHolding(practice.businessId, "555 0142")).toEqual([]);
    expect(await columnsHolding(practice.businessId, ADA_PHONE_TYPED)).toEqual([]);
    expect(await columnsHolding(practice.businessId, "Lovelace")).toEqual([]);
    expect(await columnsHolding(practice.businessId, "Grace Hopper")).toEqual(
      expect.arrayContaining(["bookings.customer_name", "calls.caller_name"]),
    );
    expect(await find(practice.staff, phoneQuery(ADA_PHONE))).toEqual({ calls: [], bookings: [] });

    // The cancel went through the booking rule: its timeline and its outbox row, for Telegram and the calendar.
    const cancelled = await get<BookingDetail>(practice.staff, `/api/bookings/${upcoming[0]}`);
    expect(cancelled).toMatchObject({ status: "cancelled", customerName: "", customerPhone: "" });
    expect(cancelled.timeline.at(-1)).toMatchObject({
      action: "cancel",
      actor: { kind: "staff", name: practice.staff.user.email },
    });
    const [outbox] = await rawRows<{ topics: string[] }>(
      server.db,
      sql`select array_agg(topic order by id) as topics from outbox where booking_id = ${upcoming[0]}::uuid`,
    );
    expect(outbox!.topics).toEqual(["booking.create", "booking.cancel"]);
    const kept = await get<BookingDetail>(practice.staff, `/api/bookings/${upcoming[1]}`);
    expect(kept).toMatchObject({ status: "pending", customerName: "" });

    // The rows stay: the dashboard's figures are as they were.
    expect(await dashboard()).toMatchObject(figures);

    // The receipt is the audit entry's, readable again; the entry holds counts only.
    expect(await get<ErasureReceipt>(practice.staff, `/api/privacy/caller/receipts/${receipt._id}`)).toEqual(
      receipt,
    );
    const log = await get<AuditList>(practice.staff, "/api/audit");
    expect(log.data[0]).toMatchObject({
      _id: receipt._id,
      action: "caller_data.erased",
      details: { calls: 2, bookings: 3, cancelledBookings: 1 },
    });
    const other = await openPractice(server);
    const foreign = await server.request(`/api/privacy/caller/receipts/${receipt._id}`, {
      accessToken: other.staff.accessToken,
    });
    expect(foreign.status).toBe(404);

    // Nothing left to erase.
    const again = await erase(practice.staff, { phone: ADA_PHONE, decisions: [] });
    expect(again.status).toBe(404);
  });

  it("refuses, writing nothing, when a booking of the caller is made while it runs, after its bookings were read", async () => {
    const { practice, upcoming } = await practiceWithAda();
    const before = await find(practice.staff, phoneQuery(ADA_PHONE));
    // On PostgreSQL another connection can commit a booking between the erasure's read of the bookings and its
    // write; here a trigger on the calls it erases in between makes one in its transaction, as that would.
    await server.db.execute(
      sql.raw(`create function book_meanwhile() returns trigger language plpgsql as $$
        begin
          insert into bookings (business_id, source, service_name, duration_minutes, price_cents,
            buffer_before_minutes, buffer_after_minutes, customer_name, customer_phone, start_time, end_time,
            occupied_start, occupied_end, status)
          values ('${practice.businessId}', 'assistant', 'Cleaning', 30, 4500, 0, 0, '${ADA}', '${ADA_PHONE}',
            '2026-03-09T15:00:00Z', '2026-03-09T15:30:00Z', '2026-03-09T15:00:00Z', '2026-03-09T15:30:00Z',
            'pending');
          return null;
        end $$`),
    );
    await server.db.execute(
      sql`create trigger book_meanwhile after update on calls for each statement execute function book_meanwhile()`,
    );
    try {
      const response = await erase(practice.staff, {
        phone: ADA_PHONE,
        decisions: upcoming.map((bookingId) => ({ bookingId, decision: "keep" })),
      });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "VALIDATION", field: "decisions" });
    } finally {
      await server.db.execute(sql`drop trigger book_meanwhile on calls`);
      await server.db.execute(sql`drop function book_meanwhile()`);
    }
    expect(await find(practice.staff, phoneQuery(ADA_PHONE))).toEqual(before);
  });

  it("deletes what the voice platforms' tool calls answered about the caller (by number, name or booking), nothing else", async () => {
    const { practice } = await practiceWithAda();
    const vapi = await connectVapi(server, practice.staff);
    const tool = async (number: string, name: string, args: Record<string, unknown>) => {
      const changes = { "message.customer.number": number, "message.call.customer.number": number };
      const { results } = await callVapiTools(server, vapi, vapiToolCallsBody([{ name, args }], changes));
      return results[0]!;
    };
    const book = { service: "Cleaning", startTime: "2026-03-04T13:00:00-05:00", customerName: ADA };
    expect((await tool(ADA_PHONE_TYPED, "book_appointment", book)).result).toContain(ADA);
    expect((await tool(ADA_PHONE_TYPED, "list_caller_bookings", {})).result).toContain(ADA_PHONE_TYPED);
    const grace = { ...book, startTime: "2026-03-04T14:00:00-05:00", customerName: "Grace Hopper" };
    expect((await tool("+12125550199", "book_appointment", grace)).result).toContain("Grace Hopper");
    await tool(ADA_PHONE_TYPED, "find_free_slots", { service: "Cleaning", date: "2026-03-04" });
    const upcoming = (await find(practice.staff, phoneQuery(ADA_PHONE))).bookings.filter((b) => b.upcoming);
    const response = await erase(practice.staff, {
      phone: ADA_PHONE,
      decisions: upcoming.map((booking) => ({ bookingId: booking._id, decision: "keep" })),
    });
    expect(response.status).toBe(200);
    for (const needle of ["555 0142", ADA_PHONE_TYPED, "Lovelace"])
      expect(await columnsHolding(practice.businessId, needle), needle).toEqual([]);
    // Grace's answer and the free times (no one's) are kept for their retries.
    const kept = await rawRows<{ tool: string; answer: string }>(
      server.db,
      sql`select tool, answer from tool_call_answers where business_id = ${practice.businessId}::uuid order by tool`,
    );
    expect(kept).toEqual([
      { tool: "book_appointment", answer: expect.stringContaining("Grace Hopper") },
      { tool: "find_free_slots", answer: expect.stringMatching(/^Free times for Cleaning: /) },
    ]);
  });

  it("deletes the tool answers naming the caller by name as a whole word, not those of a name holding it", async () => {
    const practice = await openPractice(server);
    const vapi = await connectVapi(server, practice.staff);
    const tool = async (number: string, name: string, args: Record<string, unknown>) => {
      const changes = { "message.customer.number": number, "message.call.customer.number": number };
      const { results } = await callVapiTools(server, vapi, vapiToolCallsBody([{ name, args }], changes));
      return results[0]!;
    };
    const book = (startTime: string, customerName: string) => ({
      service: "Cleaning",
      startTime,
      customerName,
    });
    expect(
      (await tool("+48600100200", "book_appointment", book("2026-03-04T09:00:00-05:00", "Ann"))).result,
    ).toContain("for Ann at");
    // Her name where the model wrongly put it: no booking of hers is named, her name alone is.
    expect((await tool("+48600100200", "find_free_slots", { service: "ANN" })).error).toContain('"ANN"');
    for (const [hour, name] of [
      ["10", "Joanna"],
      ["11", "Annabel"],
      ["12", "Ann-Marie"],
    ] as const)
      expect(
        (await tool("+12125550199", "book_appointment", book(`2026-03-04T${hour}:00:00-05:00`, name))).result,
      ).toContain(`for ${name} at`);
    const answers = () =>
      rawRows<{ answer: string }>(
        server.db,
        sql`select answer from tool_call_answers where business_id = ${practice.businessId}::uuid order by answer`,
      );
    expect(await answers()).toHaveLength(5);
    const upcoming = (await find(practice.staff, "name=ann")).bookings.filter((b) => b.upcoming);
    expect(upcoming).toHaveLength(1);
    const response = await erase(practice.staff, {
      name: "ann",
      decisions: upcoming.map((booking) => ({ bookingId: booking._id, decision: "keep" })),
    });
    expect(response.status).toBe(200);
    expect((await answers()).map(({ answer }) => answer.match(/ for (.+) at /)?.[1])).toEqual([
      "Ann-Marie",
      "Annabel",
      "Joanna",
    ]);
  });

  it("keeps no caller's words in the reasons of refused deliveries, so the erasure leaves them nowhere", async () => {
    const { practice, upcoming } = await practiceWithAda();
    const vapi = await connectVapi(server, practice.staff);
    const said = `${ADA}, ${ADA_PHONE}`;
    // A platform's report whose start is what the caller said: refused, naming the field.
    const garbled = fixtureWith("vapi", "end-of-call-report", {
      "message.startedAt": said,
      "message.customer.number": ADA_PHONE,
    });
    expect((await deliverVapi(server, vapi, garbled)).status).toBe(400);
    // Tool calls whose arguments are the caller's words, each refused by another rule.
    const tool = async (name: string, args: Record<string, unknown>) => {
      const changes = { "message.customer.number": ADA_PHONE, "message.call.customer.number": ADA_PHONE };
      const { results } = await callVapiTools(server, vapi, vapiToolCallsBody([{ name, args }], changes));
      expect(results[0]!.error, name).toBeDefined();
    };
    await tool("find_free_slots", { service: "Cleaning", date: said });
    await tool("find_free_slots", { service: ADA_PHONE });
    await tool("book_appointment", { service: "Cleaning", startTime: said, customerName: ADA });
    await tool("reschedule_booking", { bookingId: upcoming[0], startTime: said });
    const reasons = await rawRows<{ reasonCode: string; reason: string }>(
      server.db,
      sql`select reason_code as "reasonCode", reason from assistant_deliveries
        where business_id = ${practice.businessId}::uuid and result = 'refused' order by id`,
    );
    expect(reasons.map((row) => row.reasonCode)).toEqual([
      "unreadable_payload",
      "bad_arguments",
      "unknown_service",
      "bad_arguments",
      "bad_arguments",
    ]);
    for (const { reason } of reasons) {
      expect(reason).toMatch(/\w/);
      for (const needle of ["Lovelace", "0142"]) expect(reason).not.toContain(needle);
    }
    const response = await erase(practice.staff, {
      phone: ADA_PHONE,
      decisions: upcoming.map((bookingId) => ({ bookingId, decision: "keep" })),
    });
    expect(response.status).toBe(200);
    for (const needle of ["555 0142", ADA_PHONE_TYPED, "Lovelace"])
      expect(await columnsHolding(practice.businessId, needle), needle).toEqual([]);
  });

  it("keeps an erased call erased when the assistant reports it again, live or imported", async () => {
    const { practice, upcoming } = await practiceWithAda();
    const erased = await erase(practice.staff, {
      phone: ADA_PHONE,
      decisions: upcoming.map((bookingId) => ({ bookingId, decision: "keep" })),
    });
    expect(erased.status).toBe(200);
    const personal = {
      callerNumber: ADA_PHONE,
      callerName: ADA,
      summary: "Ada Lovelace booked a cleaning.",
      transcript: ADA_TRANSCRIPT,
      recordingUrl: "https://recordings.example.com/ada-1.mp3",
    };
    const again = await reportCall(server, practice.key, {
      ...personal,
      externalId: "ada-1",
      startedAt: new Date(START.getTime() - 3 * DAY).toISOString(),
      status: "completed",
      durationSeconds: 95,
    });
    expect(await dataOf<{ created: boolean }>(again)).toMatchObject({ created: false });
    // An import holding the missed call once (one upsert) and the first call twice (its second report in turn).
    const imported = await server.request("/api/assistant/calls/import", {
      json: {
        calls: [
          {
            ...personal,
            externalId: "ada-2",
            startedAt: new Date(START.getTime() - DAY).toISOString(),
            status: "missed",
          },
          {
            ...personal,
            externalId: "ada-1",
            startedAt: new Date(START.getTime() - 3 * DAY).toISOString(),
            status: "completed",
          },
          {
            ...personal,
            externalId: "ada-1",
            startedAt: new Date(START.getTime() - 3 * DAY).toISOString(),
            status: "completed",
            outcome: "booked",
          },
        ],
      },
      headers: { "x-api-key": practice.key },
      origin: null,
    });
    expect(await dataOf<CallImportResult>(imported)).toMatchObject({ accepted: 3, refused: 0 });

    for (const needle of ["555 0142", ADA_PHONE_TYPED, "Lovelace", "recordings.example.com"])
      expect(await columnsHolding(practice.businessId, needle), needle).toEqual([]);
    expect(await find(practice.staff, phoneQuery(ADA_PHONE))).toEqual({ calls: [], bookings: [] });
    // What is not personal still follows the reports.
    const [call] = await rawRows<{ duration: number; outcome: string; number: string; erased: boolean }>(
      server.db,
      sql`select duration_seconds as duration, outcome, caller_number as number, erased_at is not null as erased
        from calls where business_id = ${practice.businessId}::uuid and external_id = 'ada-1'`,
    );
    expect(call).toEqual({ duration: 95, outcome: "booked", number: "", erased: true });
  });

  it("erases by name, any case, and touches no other business", async () => {
    const { practice, upcoming } = await practiceWithAda();
    const other = await practiceWithAda();
    const response = await erase(practice.staff, {
      name: "ADA LOVELACE",
      decisions: upcoming.map((bookingId) => ({ bookingId, decision: "keep" })),
    });
    expect(await dataOf<ErasureReceipt>(response)).toMatchObject({
      calls: 1,
      bookings: 3,
      cancelledBookings: 0,
    });
    expect(await find(practice.staff, "name=ada%20lovelace")).toEqual({ calls: [], bookings: [] });
    // Her missed call named no one: found still by her number.
    expect((await find(practice.staff, phoneQuery(ADA_PHONE))).calls).toHaveLength(1);
    const theirs = await find(other.practice.staff, phoneQuery(ADA_PHONE));
    expect(theirs.calls).toHaveLength(2);
    expect(theirs.bookings).toHaveLength(3);
  });
});
