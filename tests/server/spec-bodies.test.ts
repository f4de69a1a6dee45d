import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../src/shared/auth.schema";
import type { BookingDetail } from "../../src/shared/booking.schema";
import type { Company } from "../../src/shared/company.schema";
import type { Service } from "../../src/shared/service.schema";
import type { TelegramStatus } from "../../src/shared/telegram.schema";
import { type FakeBotApi, startFakeBotApi } from "../support/fake-bot-api";
import { type SignedIn, signUp, uniqueEmail } from "../support/server-accounts";
import { bookingOf, errorOf, openPractice, staffCreate, staffPut } from "../support/server-bookings";
import { dataOf } from "../support/server-calls";
import { readEnvelope, refreshCookieOf, startTestServer, type TestServer } from "../support/server-harness";

// Issue 20 §4: the spec's own client (spec 7) sends exactly the fields the spec names. Every portal endpoint
// takes such a body; what we store beyond the spec (currency, language, a service's buffers) stays as it was.

let fake: FakeBotApi;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeBotApi();
  server = await startTestServer({ env: fake.env });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const as = (staff: SignedIn) => ({
  get: (path: string) => server.request(path, { accessToken: staff.accessToken }),
  send: (method: string, path: string, json?: unknown) =>
    server.request(path, { method, json, accessToken: staff.accessToken }),
});

/** A 400 naming `field`, with the envelope's message saying it. */
async function expectRefusal(response: Response, field: string) {
  expect(response.status).toBe(400);
  expect(await errorOf(response)).toMatchObject({ code: "VALIDATION", field });
}

describe("auth (spec 7 'Authentication')", () => {
  it("signs up and in with {email, password}, refreshes and signs out with no body", async () => {
    const email = uniqueEmail("spec");
    const up = await server.request("/api/auth/sign-up", { json: { email, password: "spec-password" } });
    expect(up.status).toBe(201);
    const signIn = await server.request("/api/auth/sign-in", { json: { email, password: "spec-password" } });
    expect(signIn.status).toBe(200);
    expect(await dataOf<SessionUser>(signIn)).toMatchObject({ email });
    const refreshCookie = refreshCookieOf(signIn)!;
    const refreshed = await server.request("/api/auth/refresh", { method: "POST", refreshCookie });
    expect(refreshed.status).toBe(200);
    const out = await server.request("/api/auth/sign-out", {
      method: "POST",
      refreshCookie: refreshCookieOf(refreshed)!,
    });
    expect(out.status).toBe(200);

    await expectRefusal(await server.request("/api/auth/sign-in", { json: { email } }), "password");
    await expectRefusal(
      await server.request("/api/auth/sign-up", { json: { password: "spec-password" } }),
      "email",
    );
  });
});

describe("PUT /api/company/me (spec 7 'Company')", () => {
  /** Spec 7's body: name, phoneNumber, prompt, greeting, settings as spec 3 describes them; nothing more. */
  const specBody = {
    name: "Spec Dental",
    phoneNumber: "",
    prompt: "A dental practice.",
    greeting: "Hello, Spec Dental!",
    settings: {
      timezone: "Europe/Paris",
      workingHours: { start: "08:00", end: "16:00" },
      workingDays: [1, 2, 3, 4],
      callTransfer: {
        enabled: true,
        transferPhoneNumbers: { default: "+33 1 55 00 01", departments: { desk: "+33 1 55 00 01" } },
        transferMessage: "Un instant.",
        workingHoursOnly: false,
        maxWaitTime: 60,
      },
    },
  };

  it("saves the spec's fields and keeps the stored currency and language", async () => {
    const staff = await signUp(server);
    const {
      availableServices: _,
      settings,
      ...stored
    } = await dataOf<Company>(await as(staff).get("/api/company/me"));
    const { weeklyHoursSimple: __, ...editable } = settings;
    const ours = await as(staff).send("PUT", "/api/company/me", {
      ...stored,
      currency: "EUR",
      language: "pl",
      settings: editable,
    });
    expect(ours.status).toBe(200);

    const saved = await as(staff).send("PUT", "/api/company/me", specBody);
    expect(saved.status).toBe(200);
    const company = await dataOf<Company>(saved);
    expect(company).toMatchObject({ ...specBody, currency: "EUR", language: "pl" });
    expect(await dataOf<Company>(await as(staff).get("/api/company/me"))).toEqual(company);
  });

  it("keeps what a body leaves out, even a field the spec lists, and still refuses an empty name", async () => {
    const staff = await signUp(server);
    expect((await as(staff).send("PUT", "/api/company/me", specBody)).status).toBe(200);
    const before = await dataOf<Company>(await as(staff).get("/api/company/me"));
    const { name: _, ...noName } = specBody;
    const { workingDays: __, ...noDays } = specBody.settings;
    const saved = await as(staff).send("PUT", "/api/company/me", {
      ...noName,
      greeting: "Bonjour !",
      settings: noDays,
    });
    expect(await dataOf<Company>(saved)).toEqual({ ...before, greeting: "Bonjour !" });
    await expectRefusal(await as(staff).send("PUT", "/api/company/me", { ...specBody, name: "" }), "name");
  });
});

describe("services (spec 7 'Services')", () => {
  it("creates and replaces with the spec's fields (its empty category too), keeping the service's buffers", async () => {
    const staff = await signUp(server);
    const specService = {
      name: "Whitening",
      description: "",
      duration: 45,
      price: 120,
      category: "",
      isActive: true,
    };
    const created = await as(staff).send("POST", "/api/services", specService);
    expect(created.status).toBe(201);
    const service = await dataOf<Service>(created);
    expect(service).toMatchObject({ ...specService, category: null, bufferBeforeMinutes: null });

    const { _id, ...fields } = service;
    const buffered = await as(staff).send("PUT", `/api/services/${_id}`, {
      ...fields,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 5,
    });
    expect(buffered.status).toBe(200);

    // Spec 4's eye action: the whole service as the spec knows it, isActive inverted.
    const toggled = await as(staff).send("PUT", `/api/services/${_id}`, {
      ...specService,
      category: "beauty",
      isActive: false,
    });
    expect(toggled.status).toBe(200);
    expect(await dataOf<Service>(toggled)).toEqual({
      ...service,
      category: "beauty",
      isActive: false,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 5,
    });

    // The eye action as a client that keeps what GET answered: the service whole, _id and all.
    const asListed = (await dataOf<Service[]>(await as(staff).send("GET", "/api/services"))).find(
      (listed) => listed._id === _id,
    )!;
    const shownAgain = await as(staff).send("PUT", `/api/services/${_id}`, { ...asListed, isActive: true });
    expect(shownAgain.status).toBe(200);
    expect(await dataOf<Service>(shownAgain)).toEqual({ ...asListed, isActive: true });
    const other = await dataOf<Service>(
      await as(staff).send("POST", "/api/services", { ...asListed, name: "Another", _id: "ignored" }),
    );
    expect(other._id).not.toBe("ignored");
    const misnamed = await as(staff).send("PUT", `/api/services/${_id}`, { ...asListed, _id: other._id });
    await expectRefusal(misnamed, "_id");
    expect((await dataOf<Service>(await as(staff).send("GET", `/api/services/${other._id}`))).name).toBe(
      "Another",
    );

    const { name: _, ...noName } = specService;
    await expectRefusal(await as(staff).send("POST", "/api/services", noName), "name");
    await expectRefusal(await as(staff).send("PUT", `/api/services/${_id}`, noName), "name");
  });
});

describe("the spec's paths as it writes them (spec 7: 'GET bookings/?page=…', 'GET services/', 'POST services/')", () => {
  it("answers a list or a create with a trailing slash as without one", async () => {
    const practice = await openPractice(server);
    const staff = as(practice.staff);
    const created = await staff.send("POST", "/api/services/", {
      name: "Polish",
      description: "",
      duration: 20,
      price: 40,
      category: "",
      isActive: true,
    });
    expect(created.status).toBe(201);
    const withSlash = await staff.get("/api/services/");
    expect(withSlash.status).toBe(200);
    const listed = await dataOf<Service[]>(withSlash);
    expect(listed.map((s) => s.name)).toContain("Polish");
    expect(listed).toEqual(await dataOf<Service[]>(await staff.get("/api/services")));

    await staffCreate(server, practice, { startTime: "2026-03-03T14:00:00.000Z" });
    const bookings = await staff.get("/api/bookings/?page=1&limit=10");
    expect(bookings.status).toBe(200);
    expect(await readEnvelope(bookings)).toEqual(
      await readEnvelope(await staff.get("/api/bookings?page=1&limit=10")),
    );
  });
});

describe("PUT /api/bookings/:id (spec 7 'Bookings')", () => {
  it("confirms with {status} and reschedules with {status, startTime, endTime}, keeping the rest", async () => {
    const practice = await openPractice(server);
    // Tuesday 2026-03-03 09:00 in New York, within the practice's hours.
    const booking = await bookingOf(
      await staffCreate(server, practice, {
        startTime: "2026-03-03T14:00:00.000Z",
        notes: "Sensitive teeth",
      }),
    );
    const confirmed = await staffPut(server, practice.staff, booking._id, { status: "confirmed" });
    expect(confirmed.status).toBe(200);
    expect(await bookingOf(confirmed)).toMatchObject({ status: "confirmed" });

    const moved = await staffPut(server, practice.staff, booking._id, {
      status: "pending",
      startTime: "2026-03-03T15:00:00.000Z",
      endTime: "2026-03-03T15:30:00.000Z",
    });
    expect(moved.status).toBe(200);
    const detail = await dataOf<BookingDetail>(await as(practice.staff).get(`/api/bookings/${booking._id}`));
    expect(detail).toMatchObject({
      status: "pending",
      startTime: "2026-03-03T15:00:00.000Z",
      customerName: booking.customerName,
      notes: "Sensitive teeth",
    });

    await expectRefusal(
      await staffPut(server, practice.staff, booking._id, { startTime: "2026-03-03T16:00:00.000Z" }),
      "status",
    );
  });
});

describe("Telegram (spec 7 'Messaging bot')", () => {
  it("connects with {chatId} and disconnects with no body", async () => {
    const staff = await signUp(server);
    const connected = await as(staff).send("POST", "/api/telegram/connect", { chatId: 9_120_001 });
    expect(connected.status).toBe(200);
    expect(await dataOf<TelegramStatus>(connected)).toMatchObject({ connected: true });
    const disconnected = await as(staff).send("POST", "/api/telegram/disconnect");
    expect(disconnected.status).toBe(200);
    expect(await readEnvelope(disconnected)).toMatchObject({ data: { connected: false } });
    await expectRefusal(await as(staff).send("POST", "/api/telegram/connect", {}), "chatId");
  });
});
