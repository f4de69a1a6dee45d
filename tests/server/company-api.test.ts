import { describe, expect, it } from "vitest";
import type { AssistantConfig } from "../../src/shared/assistant.schema";
import type { Availability } from "../../src/shared/availability.schema";
import type { BookingDetail } from "../../src/shared/booking.schema";
import type { Company, CompanyUpdateInput } from "../../src/shared/company.schema";
import { maxWaitTimeOf, toggleWorkingDay } from "../../src/shared/company-form-rules";
import { type CompanyRule, companyRefusals } from "../../src/shared/company-refusals";
import { isTimezone, SPEC_TIMEZONES, timezoneOptions } from "../../src/shared/company-timezones";
import { weeklyScheduleOf } from "../../src/shared/weekly-schedule";
import { expectOwnOriginStaffOnly, type SignedIn, signUp } from "../support/server-accounts";
import { assistantBookingOf, bookAsAssistant, errorOf, openPractice } from "../support/server-bookings";
import { createAssistantKey, dataOf } from "../support/server-calls";
import { serverForFile } from "../support/server-harness";

const server = serverForFile();

const getCompany = async (staff: SignedIn) =>
  dataOf<Company>(await server.request("/api/company/me", { accessToken: staff.accessToken }));

const putCompany = (staff: SignedIn, body: unknown) =>
  server.request("/api/company/me", { method: "PUT", json: body, accessToken: staff.accessToken });

const configOf = async (key: string) =>
  dataOf<AssistantConfig>(await server.request("/api/assistant/config", { headers: { "x-api-key": key } }));

const reportPhoneNumber = (key: string, phoneNumber: unknown) =>
  server.request("/api/assistant/phone-number", {
    method: "PUT",
    json: { phoneNumber },
    headers: { "x-api-key": key },
    origin: null,
  });

/** What the Settings form sends back: what GET answered, less what it does not edit. */
function formOf(company: Company): CompanyUpdateInput {
  const { availableServices: _, settings, ...rest } = company;
  const { weeklyHoursSimple: __, ...editable } = settings;
  return { ...rest, settings: editable };
}

const ACME = {
  name: "  Acme Physio  ",
  prompt: "A physiotherapy practice in Amsterdam.",
  greeting: "Goedendag, Acme Physio!",
  currency: "EUR",
  language: "nl",
  settings: {
    timezone: "Europe/Amsterdam",
    workingHours: { start: "08:30", end: "18:00" },
    workingDays: [6, 2, 1],
    callTransfer: {
      enabled: true,
      transferPhoneNumbers: {
        default: "+31 20 555 0102",
        departments: { " front desk ": " +31 20 555 0101 ", billing: "+31 20 555 0102" },
      },
      transferMessage: "Een moment, ik verbind u door.",
      workingHoursOnly: false,
      maxWaitTime: 120,
    },
  },
} satisfies CompanyUpdateInput;

/** ACME's call handling as stored: departments trimmed. */
const ACME_TRANSFER_SAVED = {
  ...ACME.settings.callTransfer,
  transferPhoneNumbers: {
    default: "+31 20 555 0102",
    departments: { "front desk": "+31 20 555 0101", billing: "+31 20 555 0102" },
  },
};

type Settings = CompanyUpdateInput["settings"];
type Transfer = NonNullable<Settings["callTransfer"]>;
const withSettings = (settings: Partial<Settings>): CompanyUpdateInput => ({
  ...ACME,
  settings: { ...ACME.settings, ...settings },
});
const withTransfer = (transfer: Partial<Transfer>): CompanyUpdateInput =>
  withSettings({ callTransfer: { ...ACME.settings.callTransfer, ...transfer } });
const withDepartments = (departments: Record<string, string>, defaultNumber = "") =>
  withTransfer({ transferPhoneNumbers: { default: defaultNumber, departments } });

async function expectRefused(staff: SignedIn, body: unknown, field: string, message?: string) {
  const before = await getCompany(staff);
  const response = await putCompany(staff, body);
  expect(response.status).toBe(400);
  const error = await errorOf(response);
  expect(error).toMatchObject({ code: "VALIDATION", field });
  if (message) expect(error.message).toBe(message);
  expect(await getCompany(staff)).toEqual(before);
}

describe("GET /api/company/me", () => {
  it("starts a business on spec 9's company defaults, without a phone number, in USD and English", async () => {
    const staff = await signUp(server, `owner-${Date.now()}@harbour-clinic.com`);
    expect(await getCompany(staff)).toEqual({
      phoneNumber: "",
      name: "Harbour Clinic",
      prompt: "",
      greeting: "",
      availableServices: [],
      currency: "USD",
      language: "en",
      settings: {
        timezone: "America/New_York",
        workingHours: { start: "09:00", end: "17:00" },
        workingDays: [1, 2, 3, 4, 5],
        weeklyHoursSimple: true,
        callTransfer: {
          enabled: false,
          transferPhoneNumbers: { default: "", departments: {} },
          transferMessage: "Please hold while I transfer your call.",
          workingHoursOnly: true,
          maxWaitTime: 300,
        },
      },
    });
  });

  it("names the active services only", async () => {
    const practice = await openPractice(server);
    const hidden = { name: "Massage", duration: 60, price: 80, isActive: false };
    await server.request("/api/services", { json: hidden, accessToken: practice.staff.accessToken });
    expect((await getCompany(practice.staff)).availableServices).toEqual(["Cleaning"]);
  });
});

describe("PUT /api/company/me", () => {
  it("saves the company, its hours as the weekly schedule and its call handling, and answers as GET does", async () => {
    const staff = await signUp(server);
    const response = await putCompany(staff, ACME);
    expect(response.status).toBe(200);
    const saved = await dataOf<Company>(response);
    expect(saved).toEqual({
      phoneNumber: "",
      name: "Acme Physio",
      prompt: ACME.prompt,
      greeting: ACME.greeting,
      availableServices: [],
      currency: "EUR",
      language: "nl",
      settings: {
        timezone: "Europe/Amsterdam",
        workingHours: { start: "08:30", end: "18:00" },
        workingDays: [1, 2, 6],
        weeklyHoursSimple: true,
        callTransfer: ACME_TRANSFER_SAVED,
      },
    });
    expect(await getCompany(staff)).toEqual(saved);
    const availability = await dataOf<Availability>(
      await server.request("/api/availability", { accessToken: staff.accessToken }),
    );
    expect(availability.weeklySchedule).toEqual(
      weeklyScheduleOf([1, 2, 6], { start: "08:30", end: "18:00" }),
    );
    // What GET answered goes back unchanged, as read or as the form keeps it.
    const again = await putCompany(staff, formOf(saved));
    expect(await dataOf<Company>(again)).toEqual(saved);
    const asRead = await putCompany(staff, { ...saved, availableServices: ["Not a service"] });
    expect(await dataOf<Company>(asRead)).toEqual(saved);
  });

  it("takes a body with only the fields spec 3 requires, keeping the stored prompt, greeting and call handling", async () => {
    const staff = await signUp(server);
    const saved = await dataOf<Company>(await putCompany(staff, ACME));
    const response = await putCompany(staff, {
      name: "Acme Physio West",
      phoneNumber: saved.phoneNumber,
      settings: {
        timezone: "Europe/Amsterdam",
        workingHours: { start: "09:00", end: "17:00" },
        workingDays: [1, 2, 3],
      },
    });
    expect(response.status).toBe(200);
    expect(await dataOf<Company>(response)).toEqual({
      ...saved,
      name: "Acme Physio West",
      settings: { ...saved.settings, workingHours: { start: "09:00", end: "17:00" }, workingDays: [1, 2, 3] },
    });
  });

  it("takes any part of the body, so a save from one tab puts back nothing another tab saved", async () => {
    const staff = await signUp(server);
    const saved = await dataOf<Company>(await putCompany(staff, ACME));
    // Tab A saves a greeting, tab B (opened before it) then a new name: each sends what its user changed.
    expect((await putCompany(staff, { greeting: "Greeting from tab A" })).status).toBe(200);
    expect((await putCompany(staff, { name: "Acme Physio West" })).status).toBe(200);
    // Within the settings too, down to each end of the hours and each call-handling field.
    const parts = [
      { settings: { workingHours: { start: "07:30" } } },
      { settings: { workingHours: { end: "19:00" } } },
      { settings: { callTransfer: { transferMessage: "One moment." } } },
      { settings: { callTransfer: { maxWaitTime: 45 } } },
      { settings: { callTransfer: { transferPhoneNumbers: { default: "+31 20 555 0101" } } } },
      { settings: { workingDays: [1, 2] } },
    ];
    for (const body of parts) expect((await putCompany(staff, body)).status).toBe(200);
    expect(await getCompany(staff)).toEqual({
      ...saved,
      name: "Acme Physio West",
      greeting: "Greeting from tab A",
      settings: {
        ...saved.settings,
        workingHours: { start: "07:30", end: "19:00" },
        workingDays: [1, 2],
        callTransfer: {
          ...ACME_TRANSFER_SAVED,
          transferPhoneNumbers: { ...ACME_TRANSFER_SAVED.transferPhoneNumbers, default: "+31 20 555 0101" },
          transferMessage: "One moment.",
          maxWaitTime: 45,
        },
      },
    });
  });

  it("checks a partial save's rules between fields against the company as the save leaves it", async () => {
    const staff = await signUp(server);
    await putCompany(staff, ACME);
    await expectRefused(staff, { settings: { workingHours: { end: "08:00" } } }, "settings.workingHours.end");
    await expectRefused(
      staff,
      { settings: { callTransfer: { transferPhoneNumbers: { departments: { desk: "+31 20 555 0199" } } } } },
      "settings.callTransfer.transferPhoneNumbers.default",
      "Default must be the company phone or one of department numbers",
    );
    await expectRefused(staff, { name: " " }, "name", "Company name is required");
    expect((await putCompany(staff, {})).status).toBe(200);
  });

  it("applies concurrent saves one after another: what is read back is one of them, whole", async () => {
    const staff = await signUp(server);
    const saves = [8, 9, 10, 11].map((hour) =>
      withSettings({ workingHours: { start: `${String(hour).padStart(2, "0")}:00`, end: "18:00" } }),
    );
    const saved = await Promise.all(saves.map((body) => putCompany(staff, body)));
    expect(saved.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const { workingHours } = (await getCompany(staff)).settings;
    expect(saves.map((body) => body.settings.workingHours)).toContainEqual(workingHours);
    const availability = await dataOf<Availability>(
      await server.request("/api/availability", { accessToken: staff.accessToken }),
    );
    expect(availability.weeklySchedule).toEqual(weeklyScheduleOf([1, 2, 6], workingHours));
  });

  it("keeps one business's company apart from another's", async () => {
    const [alpha, beta] = [await signUp(server), await signUp(server)];
    const betaBefore = await getCompany(beta);
    await putCompany(alpha, ACME);
    expect(await getCompany(beta)).toEqual(betaBefore);
    await putCompany(beta, { ...formOf(betaBefore), name: "Beta Dental" });
    expect((await getCompany(alpha)).name).toBe("Acme Physio");
    expect((await getCompany(beta)).name).toBe("Beta Dental");
    const betaKey = (await createAssistantKey(server, beta)).key;
    expect((await reportPhoneNumber(betaKey, "+1 555 0199")).status).toBe(200);
    expect((await getCompany(alpha)).phoneNumber).toBe("");
    expect((await configOf(betaKey)).companyName).toBe("Beta Dental");
  });

  it("is for signed-in staff of the app's own origin", async () => {
    const staff = await signUp(server);
    await expectOwnOriginStaffOnly(server, staff, "/api/company/me", "PUT", ACME);
  });

  describe("spec 5's rules, each a 400 naming the field that changes nothing", () => {
    it("requires a company name ('Company name is required')", async () => {
      const staff = await signUp(server);
      await expectRefused(staff, { ...ACME, name: "   " }, "name", "Company name is required");
    });

    it("takes a default transfer number only when it is the company phone or a department number", async () => {
      const staff = await signUp(server);
      const message = "Default must be the company phone or one of department numbers";
      const field = "settings.callTransfer.transferPhoneNumbers.default";
      await expectRefused(
        staff,
        withDepartments({ billing: "+31 20 555 0102" }, "+31 20 555 9999"),
        field,
        message,
      );
      // No company phone yet: only a department number will do.
      await expectRefused(staff, withDepartments({}, "+1 555 0100"), field, message);
      const { key } = await createAssistantKey(server, staff);
      await reportPhoneNumber(key, "+1 555 0100");
      expect((await putCompany(staff, withDepartments({}, "+1 555 0100"))).status).toBe(200);
      expect((await putCompany(staff, withDepartments({ a: "+1 555 0101" }, "+1 555 0101"))).status).toBe(
        200,
      );
      expect((await putCompany(staff, withDepartments({ a: "+1 555 0101" }, ""))).status).toBe(200);
      // The server checks against its own number, whatever the body claims the company phone is.
      await expectRefused(
        staff,
        { ...withDepartments({}, "+1 555 0199"), phoneNumber: "+1 555 0199" },
        field,
        message,
      );
    });

    it("needs a department name and number, both non-empty after trimming", async () => {
      const staff = await signUp(server);
      const departments = "settings.callTransfer.transferPhoneNumbers.departments";
      await expectRefused(staff, withDepartments({ "  ": "+1 555 0101" }), `${departments}["  "]`);
      await expectRefused(staff, withDepartments({ billing: "   " }), `${departments}.billing`);
      await expectRefused(staff, withDepartments({ billing: "call Anna" }), `${departments}.billing`);
      await expectRefused(
        staff,
        withDepartments({ billing: "+1 555 0101", " billing ": "+1 555 0102" }),
        `${departments}[" billing "]`,
      );
    });

    it.each([
      ["an unknown timezone", withSettings({ timezone: "Mars/Olympus_Mons" }), "settings.timezone"],
      ["a timezone in lower case", withSettings({ timezone: "europe/paris" }), "settings.timezone"],
      ["an unknown currency", { ...ACME, currency: "XYZ" }, "currency"],
      ["a currency in lower case", { ...ACME, currency: "eur" }, "currency"],
      // Node knows it, Chromium does not: the Settings form could not show it (company-currencies.ts).
      ["a currency browsers do not know", { ...ACME, currency: "SLE" }, "currency"],
      ["a language beyond the six", { ...ACME, language: "it" }, "language"],
      ["day 7", withSettings({ workingDays: [1, 7] }), "settings.workingDays[1]"],
      ["day -1", withSettings({ workingDays: [-1] }), "settings.workingDays[0]"],
      [
        "25:00",
        withSettings({ workingHours: { start: "09:00", end: "25:00" } }),
        "settings.workingHours.end",
      ],
      [
        "closing before opening",
        withSettings({ workingHours: { start: "18:00", end: "09:00" } }),
        "settings.workingHours.end",
      ],
      ["a negative max wait", withTransfer({ maxWaitTime: -1 }), "settings.callTransfer.maxWaitTime"],
      ["a fractional max wait", withTransfer({ maxWaitTime: 1.5 }), "settings.callTransfer.maxWaitTime"],
      [
        "a max wait as text",
        withTransfer({ maxWaitTime: "300" as unknown as number }),
        "settings.callTransfer.maxWaitTime",
      ],
      ["an unknown field", { ...ACME, locale: "en-US" }, "locale"],
      ["settings that are no object", { ...ACME, settings: null }, "settings"],
    ])("refuses %s", async (_, body, field) => {
      await expectRefused(await signUp(server), body, field);
    });
  });

  it("takes every zone of the picker, aliases such as Europe/Kyiv and UTC included", async () => {
    const staff = await signUp(server);
    for (const timezone of [
      "Europe/Kyiv",
      "Europe/Kiev",
      "UTC",
      "Europe/Madrid",
      "America/Argentina/Buenos_Aires",
    ]) {
      const response = await putCompany(staff, withSettings({ timezone }));
      expect(response.status, timezone).toBe(200);
      expect((await dataOf<Company>(response)).settings.timezone).toBe(timezone);
    }
  });

  it("keeps a lunch-break week: the summary may come back unchanged, a change of hours or days is refused", async () => {
    const staff = await signUp(server);
    const lunchWeek = {
      ...weeklyScheduleOf([1, 2, 3, 4, 5], { start: "08:00", end: "12:00" }),
      "2": [
        { start: "08:00", end: "12:00" },
        { start: "13:00", end: "17:30" },
      ],
    };
    const rules = await dataOf<Availability>(
      await server.request("/api/availability", { accessToken: staff.accessToken }),
    );
    const { blackoutDates: _, timezone: __, ...update } = { ...rules, weeklySchedule: lunchWeek };
    await server.request("/api/availability", {
      method: "PUT",
      json: update,
      accessToken: staff.accessToken,
    });

    const company = await getCompany(staff);
    expect(company.settings).toMatchObject({
      workingHours: { start: "08:00", end: "17:30" },
      workingDays: [1, 2, 3, 4, 5],
      weeklyHoursSimple: false,
    });
    const renamed = await putCompany(staff, { ...formOf(company), name: "Lunch Break Clinic" });
    expect(renamed.status).toBe(200);
    expect((await dataOf<Company>(renamed)).name).toBe("Lunch Break Clinic");
    const form = formOf(await getCompany(staff));
    await expectRefused(
      staff,
      {
        ...form,
        name: "Flattened",
        settings: { ...form.settings, workingHours: { start: "08:00", end: "18:00" } },
      },
      "settings.workingHours",
    );
    await expectRefused(
      staff,
      { ...form, settings: { ...form.settings, workingDays: [1, 2, 3] } },
      "settings.workingDays",
    );
    const availability = await dataOf<Availability>(
      await server.request("/api/availability", { accessToken: staff.accessToken }),
    );
    expect(availability.weeklySchedule).toEqual(lunchWeek);
  });

  it("keeps every booking at its instant and price when the timezone and currency change; the hours stay local", async () => {
    const practice = await openPractice(server);
    const booked = await assistantBookingOf(
      await bookAsAssistant(server, practice, { startTime: "2026-03-03T10:00:00-05:00" }),
    );
    const detailOf = async () =>
      dataOf<BookingDetail>(
        await server.request(`/api/bookings/${booked.id}`, { accessToken: practice.staff.accessToken }),
      );
    const before = await detailOf();
    expect(before.startTime).toBe("2026-03-03T15:00:00.000Z");
    expect(before.currency).toBe("USD");
    const company = await getCompany(practice.staff);
    const moved = await putCompany(practice.staff, {
      ...formOf(company),
      currency: "JPY",
      settings: { ...formOf(company).settings, timezone: "Asia/Tokyo" },
    });
    expect((await dataOf<Company>(moved)).settings).toMatchObject({
      timezone: "Asia/Tokyo",
      workingHours: { start: "09:00", end: "17:00" },
      workingDays: [1, 2, 3, 4, 5],
    });
    const after = await detailOf();
    expect([after.startTime, after.endTime]).toEqual([before.startTime, before.endTime]);
    // The price is relabelled, not converted.
    expect([after.price, after.currency]).toEqual([before.price, "JPY"]);
    expect((await configOf(practice.key)).timezone).toBe("Asia/Tokyo");
  });
});

describe("the company as the assistant sees it", () => {
  it("reflects every save at once: names, texts, language, hours, call handling and prices in the currency", async () => {
    const practice = await openPractice(server);
    expect((await configOf(practice.key)).services[0]!.price).toEqual({ amount: 45, currency: "USD" });
    await putCompany(practice.staff, ACME);
    const config = await configOf(practice.key);
    const { maxWaitTime: _, ...transferSaved } = ACME_TRANSFER_SAVED;
    expect(config).toMatchObject({
      companyName: "Acme Physio",
      phoneNumber: "",
      language: "nl",
      greeting: ACME.greeting,
      prompt: ACME.prompt,
      timezone: "Europe/Amsterdam",
      workingHours: { start: "08:30", end: "18:00" },
      workingDays: [1, 2, 6],
      callTransfer: { ...transferSaved, maxWaitSeconds: ACME_TRANSFER_SAVED.maxWaitTime },
    });
    expect(config.services[0]!.price).toEqual({ amount: 45, currency: "EUR" });
    await putCompany(practice.staff, { ...ACME, language: "de", currency: "JPY" });
    const next = await configOf(practice.key);
    expect([next.language, next.services[0]!.price.currency]).toEqual(["de", "JPY"]);
  });

  it("reports the number the assistant answers; the default transfer number follows it", async () => {
    const practice = await openPractice(server);
    const response = await reportPhoneNumber(practice.key, " +1 (555) 010-0 ");
    expect(response.status).toBe(200);
    expect(await dataOf(response)).toEqual({ phoneNumber: "+1 (555) 010-0" });
    const company = await getCompany(practice.staff);
    expect(company.phoneNumber).toBe("+1 (555) 010-0");
    // phoneNumber is read-only: what a save sends is ignored.
    const ignored = await putCompany(practice.staff, { ...formOf(company), phoneNumber: "+1 999 999 9999" });
    expect((await dataOf<Company>(ignored)).phoneNumber).toBe("+1 (555) 010-0");
    const pointed = await putCompany(practice.staff, {
      ...formOf(company),
      settings: {
        ...formOf(company).settings,
        callTransfer: {
          ...company.settings.callTransfer,
          transferPhoneNumbers: { default: "+1 (555) 010-0", departments: {} },
        },
      },
    });
    expect(pointed.status).toBe(200);
    await reportPhoneNumber(practice.key, "+1 555 0200");
    const moved = await getCompany(practice.staff);
    expect(moved.phoneNumber).toBe("+1 555 0200");
    expect(moved.settings.callTransfer.transferPhoneNumbers.default).toBe("+1 555 0200");
    expect((await configOf(practice.key)).phoneNumber).toBe("+1 555 0200");
  });

  it.each([["555 0100"], ["+0 555 0100"], ["+1 55"], ["call me"], [42]])(
    "refuses %s as the assistant's number",
    async (phoneNumber) => {
      const practice = await openPractice(server);
      const response = await reportPhoneNumber(practice.key, phoneNumber);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "VALIDATION", field: "phoneNumber" });
      expect((await getCompany(practice.staff)).phoneNumber).toBe("");
    },
  );

  it("needs an active assistant key to report a number", async () => {
    expect((await reportPhoneNumber("cdk_nope", "+1 555 0100")).status).toBe(401);
  });
});

describe("the Settings form's shared rules", () => {
  const ruleOf = (body: CompanyUpdateInput): CompanyRule[] => companyRefusals(body).map((r) => r.rule);

  it("words each refusal as one stable rule, the same the server's field leads to", () => {
    const form = { ...ACME, phoneNumber: "+1 555 0100" };
    expect(ruleOf(form)).toEqual([]);
    expect(ruleOf({ ...form, name: " " })).toEqual(["nameRequired"]);
    expect(ruleOf({ ...form, name: "x".repeat(201) })).toEqual(["nameTooLong"]);
    const transfer = (departments: Record<string, string>, defaultNumber = "") => ({
      ...form,
      settings: {
        ...form.settings,
        callTransfer: {
          ...form.settings.callTransfer,
          transferPhoneNumbers: { default: defaultNumber, departments },
        },
      },
    });
    expect(ruleOf(transfer({}, "+1 555 0100"))).toEqual([]);
    expect(ruleOf(transfer({}, "+1 555 0101"))).toEqual(["defaultNotAllowed"]);
    expect(ruleOf(transfer({ " ": "+1 555 0101" }))).toEqual(["departmentNameRequired"]);
    expect(ruleOf(transfer({ a: " " }))).toEqual(["departmentNumberRequired"]);
    expect(ruleOf(transfer({ a: "desk" }))).toEqual(["departmentNumberInvalid"]);
    expect(ruleOf(transfer({ a: "+1 555 0101", " a": "+1 555 0102" }))).toEqual(["departmentNameTaken"]);
    const settings = (patch: Partial<Settings>) => ({ ...form, settings: { ...form.settings, ...patch } });
    expect(ruleOf(settings({ timezone: "Nowhere/Land" }))).toEqual(["timezoneUnknown"]);
    expect(ruleOf(settings({ workingDays: [7] }))).toEqual(["workingDaysInvalid"]);
    expect(ruleOf(settings({ workingHours: { start: "25:00", end: "26:00" } }))).toEqual([
      "timeInvalid",
      "timeInvalid",
    ]);
    expect(ruleOf(settings({ workingHours: { start: "10:00", end: "09:00" } }))).toEqual([
      "closingBeforeOpening",
    ]);
    expect(ruleOf({ ...form, currency: "ABC" })).toEqual(["currencyUnknown"]);
  });

  it("reads a max wait that is not a whole number as 300 seconds (spec 5)", () => {
    expect([maxWaitTimeOf("45"), maxWaitTimeOf(" 600 "), maxWaitTimeOf("0")]).toEqual([45, 600, 0]);
    expect([maxWaitTimeOf(""), maxWaitTimeOf("abc"), maxWaitTimeOf("1.5"), maxWaitTimeOf("- 3")]).toEqual([
      300, 300, 300, 300,
    ]);
    // A number out of range is still a number: kept, for the range rule to refuse (not saved as 300).
    expect([maxWaitTimeOf("-3"), maxWaitTimeOf("9999999999")]).toEqual([-3, 9999999999]);
  });

  it("toggles a working day keeping the list sorted (spec 4)", () => {
    expect(toggleWorkingDay([1, 2, 3, 4, 5], 0)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(toggleWorkingDay([0, 1, 5], 3)).toEqual([0, 1, 3, 5]);
    expect(toggleWorkingDay([1, 3, 5], 3)).toEqual([1, 5]);
  });

  it("offers spec 9's eleven zones first, then every other zone, each one the server takes", () => {
    const options = timezoneOptions();
    expect(options.slice(0, 11)).toEqual([...SPEC_TIMEZONES]);
    expect(options).toEqual(expect.arrayContaining(["Europe/Amsterdam", "Europe/Madrid", "UTC"]));
    expect(new Set(options).size).toBe(options.length);
    expect(options.filter((zone) => !isTimezone(zone))).toEqual([]);
    expect(timezoneOptions("Europe/Kyiv")).toContain("Europe/Kyiv");
  });
});
