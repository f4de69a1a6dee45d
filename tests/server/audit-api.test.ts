import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rawRows } from "../../src/server/db/raw-rows";
import { purgeBusinessRetention } from "../../src/server/privacy/retention-purge";
import type { AuditEntry, AuditList } from "../../src/shared/audit.schema";
import type { Availability, BlackoutDate } from "../../src/shared/availability.schema";
import type { Company } from "../../src/shared/company.schema";
import type { Service, ServiceInput } from "../../src/shared/service.schema";
import { type SignedIn, signUp, uniqueEmail } from "../support/server-accounts";
import { errorOf } from "../support/server-bookings";
import { createAssistantKey, dataOf, reportCall } from "../support/server-calls";
import { DAY, MINUTE, SECOND } from "../support/server-clock";
import { readEnvelope, serverForFile } from "../support/server-harness";

const server = serverForFile();

const auditOf = async (staff: SignedIn, query = "") =>
  dataOf<AuditList>(await server.request(`/api/audit${query}`, { accessToken: staff.accessToken }));

const as = (staff: SignedIn) => {
  const send = (method: string, path: string, json?: unknown) =>
    server.request(`/api${path}`, { method, json, accessToken: staff.accessToken });
  return {
    send,
    company: async () => dataOf<Company>(await send("GET", "/company/me")),
    availability: async () => dataOf<Availability>(await send("GET", "/availability")),
  };
};

/** What the Settings form sends back: what GET answered, less what it does not edit. */
function formOf({ availableServices: _, settings, ...rest }: Company) {
  const { weeklyHoursSimple: __, ...editable } = settings;
  return { ...rest, settings: editable };
}

function availabilityFormOf({ blackoutDates: _, timezone: __, ...rest }: Availability) {
  return rest;
}

/** Runs `change` and answers the entries it added to the business's log (newest first) and its response. */
async function entriesOf(staff: SignedIn, change: () => Promise<Response>) {
  const before = (await auditOf(staff, "?limit=100")).total;
  server.clock.advance(MINUTE);
  const response = await change();
  const after = await auditOf(staff, "?limit=100");
  return { response, entries: after.data.slice(0, after.total - before) };
}

const HAIRCUT: ServiceInput = { name: "Haircut", duration: 30, price: 25, isActive: true };

describe("the audit log", () => {
  it("starts with the sign-up, by its user, with their e-mail", async () => {
    const email = uniqueEmail("audit-owner");
    const owner = await signUp(server, email);
    expect(await auditOf(owner)).toEqual({
      data: [
        {
          _id: expect.any(String),
          occurredAt: server.clock().toISOString(),
          actor: { kind: "user", email },
          action: "account.signed_up",
          details: {},
        },
      ],
      total: 1,
      page: 1,
      totalPages: 1,
    });
  });

  it("records each change exactly once, with its facts and without values", async () => {
    const owner = await signUp(server);
    const staff = as(owner);
    const recorded = async (change: () => Promise<Response>, status: number) => {
      const { response, entries } = await entriesOf(owner, change);
      expect(response.status, await response.clone().text()).toBe(status);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ occurredAt: server.clock().toISOString(), actor: { kind: "user" } });
      return { response, entry: entries[0]! };
    };

    const created = await recorded(() => staff.send("POST", "/assistant/keys", { name: "Front desk" }), 201);
    expect(created.entry).toMatchObject({
      action: "assistant_key.created",
      details: { keyName: "Front desk" },
    });
    const { _id: keyId } = await dataOf<{ _id: string }>(created.response);
    const revoked = await recorded(() => staff.send("DELETE", `/assistant/keys/${keyId}`), 200);
    expect(revoked.entry).toMatchObject({
      action: "assistant_key.revoked",
      details: { keyName: "Front desk" },
    });

    const company = formOf(await staff.company());
    const changedCompany = {
      ...company,
      greeting: "Hello from the audit test",
      settings: { ...company.settings, timezone: "Europe/Warsaw" },
    };
    const saved = await recorded(() => staff.send("PUT", "/company/me", changedCompany), 200);
    expect(saved.entry).toMatchObject({
      action: "company.updated",
      details: { fields: ["greeting", "timezone"] },
    });

    const availability = availabilityFormOf(await staff.availability());
    const rules = { ...availability, bufferBeforeMinutes: availability.bufferBeforeMinutes + 5 };
    const availabilitySaved = await recorded(() => staff.send("PUT", "/availability", rules), 200);
    expect(availabilitySaved.entry).toMatchObject({
      action: "availability.updated",
      details: { fields: ["bufferBeforeMinutes"] },
    });

    const span = { startDate: "2026-12-24", endDate: "2026-12-26", startTime: null, endTime: null };
    const blackout = await recorded(
      () => staff.send("POST", "/availability/blackout-dates", { ...span, reason: "Dr. Kowalski away" }),
      201,
    );
    expect(blackout.entry).toMatchObject({
      action: "blackout.added",
      details: { startDate: "2026-12-24", endDate: "2026-12-26" },
    });
    const { id: blackoutId } = await dataOf<BlackoutDate>(blackout.response);
    const removed = await recorded(
      () => staff.send("DELETE", `/availability/blackout-dates/${blackoutId}`),
      200,
    );
    expect(removed.entry).toMatchObject({
      action: "blackout.removed",
      details: { startDate: "2026-12-24", endDate: "2026-12-26" },
    });

    const service = await recorded(() => staff.send("POST", "/services", HAIRCUT), 201);
    expect(service.entry).toMatchObject({ action: "service.created", details: { serviceName: "Haircut" } });
    const { _id: serviceId } = await dataOf<Service>(service.response);
    const changedService = { ...HAIRCUT, description: "Includes a wash", price: 30 };
    const updated = await recorded(() => staff.send("PUT", `/services/${serviceId}`, changedService), 200);
    expect(updated.entry).toMatchObject({
      action: "service.updated",
      details: { serviceName: "Haircut", fields: ["description", "price"] },
    });
    const deleted = await recorded(() => staff.send("DELETE", `/services/${serviceId}`), 200);
    expect(deleted.entry).toMatchObject({ action: "service.deleted", details: { serviceName: "Haircut" } });

    // Not one value of what changed is in the log: the greeting, the blackout's reason, the description.
    const log = JSON.stringify(await auditOf(owner, "?limit=100"));
    for (const value of ["Hello from the audit test", "Europe/Warsaw", "Kowalski", "Includes a wash"])
      expect(log).not.toContain(value);
  });

  it("records nothing for a save that changes nothing", async () => {
    const owner = await signUp(server);
    const staff = as(owner);
    const service = await dataOf<Service>(await staff.send("POST", "/services", HAIRCUT));
    const unchanged = [
      async () => staff.send("PUT", "/company/me", formOf(await staff.company())),
      async () => staff.send("PUT", "/availability", availabilityFormOf(await staff.availability())),
      () => staff.send("PUT", `/services/${service._id}`, HAIRCUT),
      () => staff.send("POST", "/telegram/disconnect"),
      () => staff.send("POST", "/calendar/disconnect"),
    ];
    for (const change of unchanged) {
      const { response, entries } = await entriesOf(owner, change);
      expect(response.status).toBe(200);
      expect(entries).toEqual([]);
    }
  });

  it("records the number the assistant reports as the assistant's change, once per new number", async () => {
    const owner = await signUp(server);
    const { key } = await createAssistantKey(server, owner);
    const report = (phoneNumber: string) => () =>
      server.request("/api/assistant/phone-number", {
        method: "PUT",
        json: { phoneNumber },
        headers: { "x-api-key": key },
        origin: null,
      });
    const first = await entriesOf(owner, report("+1 555 0100"));
    expect(first.entries).toMatchObject([
      { actor: { kind: "assistant" }, action: "company.phone_number_changed", details: {} },
    ]);
    expect((await entriesOf(owner, report("+1 555 0100"))).entries).toEqual([]);
    expect(JSON.stringify(await auditOf(owner))).not.toContain("555 0100");
  });

  it("records nothing of a refused change", async () => {
    const owner = await signUp(server);
    const staff = as(owner);
    await staff.send("POST", "/services", HAIRCUT);
    const company = formOf(await staff.company());
    const refused: [() => Promise<Response>, number][] = [
      [() => staff.send("POST", "/services", HAIRCUT), 409],
      [() => staff.send("DELETE", "/services/00000000-0000-4000-8000-000000000000"), 404],
      [() => staff.send("DELETE", "/assistant/keys/00000000-0000-4000-8000-000000000000"), 404],
      [() => staff.send("DELETE", "/availability/blackout-dates/00000000-0000-4000-8000-000000000000"), 404],
      [
        () =>
          staff.send("PUT", "/company/me", {
            ...company,
            name: "Renamed",
            settings: {
              ...company.settings,
              callTransfer: {
                ...company.settings.callTransfer,
                transferPhoneNumbers: { default: "+1 555 9999", departments: {} },
              },
            },
          }),
        400,
      ],
    ];
    for (const [change, status] of refused) {
      const { response, entries } = await entriesOf(owner, change);
      expect(response.status).toBe(status);
      expect(entries).toEqual([]);
    }
  });

  it("writes each entry in the transaction of its change: an entry that cannot be written undoes the change", async () => {
    const email = uniqueEmail("undone");
    const owner = await signUp(server, email, "correct horse");
    const staff = as(owner);
    const { key } = await createAssistantKey(server, owner, "Assistant");
    const service = await dataOf<Service>(await staff.send("POST", "/services", HAIRCUT));
    const { _id: keyId } = await createAssistantKey(server, owner, "Kept");
    const companyBefore = await staff.company();
    const availabilityBefore = await staff.availability();
    await server.db.execute(sql`create or replace function audit_test_refuse() returns trigger
      language plpgsql as $$ begin raise exception 'audit entry refused by the test'; end $$`);
    await server.db.execute(
      sql.raw(`create trigger audit_test_refuse before insert on audit_log for each row
      when (new.business_id = '${owner.user.businessId}') execute function audit_test_refuse()`),
    );
    try {
      const form = formOf(companyBefore);
      const availability = availabilityFormOf(availabilityBefore);
      const changes = [
        () => staff.send("POST", "/assistant/keys", { name: "Lost" }),
        () => staff.send("DELETE", `/assistant/keys/${keyId}`),
        () => staff.send("PUT", "/company/me", { ...form, greeting: "Never saved" }),
        () => staff.send("PUT", "/availability", { ...availability, slotStepMinutes: 45 }),
        () =>
          staff.send("POST", "/availability/blackout-dates", {
            startDate: "2026-12-24",
            endDate: "2026-12-24",
            startTime: null,
            endTime: null,
          }),
        () => staff.send("POST", "/services", { ...HAIRCUT, name: "Lost service" }),
        () => staff.send("PUT", `/services/${service._id}`, { ...HAIRCUT, price: 99 }),
        () => staff.send("DELETE", `/services/${service._id}`),
        () =>
          server.request("/api/assistant/phone-number", {
            method: "PUT",
            json: { phoneNumber: "+1 555 0177" },
            headers: { "x-api-key": key },
            origin: null,
          }),
        // A sign-in from a new device: no session is started without its entry.
        () => server.request("/api/auth/sign-in", { json: { email, password: "correct horse" } }),
      ];
      for (const change of changes) expect((await change()).status).toBe(500);
    } finally {
      await server.db.execute(sql`drop trigger audit_test_refuse on audit_log`);
    }
    expect(await staff.company()).toEqual(companyBefore);
    expect(await staff.availability()).toEqual(availabilityBefore);
    expect(await dataOf(await staff.send("GET", "/services"))).toEqual([service]);
    const keys = await dataOf<{ _id: string }[]>(await staff.send("GET", "/assistant/keys"));
    expect(keys.map((kept) => kept._id)).toContain(keyId);
    expect(keys).toHaveLength(2);
    const sessions = await rawRows<{ count: number }>(
      server.db,
      sql`select count(*)::int as count from refresh_token_families where user_id = ${owner.user.id}::uuid`,
    );
    expect(sessions).toEqual([{ count: 1 }]);
  });

  it("holds no secret and no caller data", async () => {
    const owner = await signUp(server, uniqueEmail("secrets"), "a long secret password");
    const { key } = await createAssistantKey(server, owner, "Reception");
    const call = await reportCall(server, key, {
      externalId: "audit-call-1",
      callerNumber: "+48 600 700 800",
      callerName: "Zofia Nowak",
      startedAt: server.clock().toISOString(),
      status: "completed",
      durationSeconds: 30,
      summary: "Asked about her illness",
      transcript: [{ speaker: "caller", text: "My secret illness", offsetSeconds: 1 }],
    });
    expect(call.status).toBeLessThan(300);
    const rows = await rawRows<{ row: string }>(
      server.db,
      sql`select row_to_json(audit_log)::text as row from audit_log
        where business_id = ${owner.user.businessId}::uuid`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const log = rows.map(({ row }) => row).join("\n");
    for (const secret of [key, key.slice(-4), "a long secret password", owner.refreshCookie])
      expect(log).not.toContain(secret);
    for (const callerData of ["600 700 800", "Zofia", "Nowak", "illness"])
      expect(log).not.toContain(callerData);
  });

  it("records a data protection save by the names of the settings it changed, and nothing for a save that changes none", async () => {
    const owner = await signUp(server);
    const save = (json: unknown) => as(owner).send("PUT", "/privacy/settings", json);
    const changed = await entriesOf(owner, () => save({ recordCalls: false, callContentDays: 30 }));
    expect(changed.response.status).toBe(200);
    expect(changed.entries).toMatchObject([
      { action: "privacy.settings_updated", details: { fields: ["recordCalls", "callContentDays"] } },
    ]);
    expect((await entriesOf(owner, () => save({ recordCalls: false }))).entries).toEqual([]);
    // Refused: nothing saved, nothing recorded.
    expect((await entriesOf(owner, () => save({ callContentDays: 0 }))).entries).toEqual([]);
  });

  it("records a retention purge that removed anything, by the server, with counts only", async () => {
    const owner = await signUp(server);
    const { key } = await createAssistantKey(server, owner, "Front desk");
    const call = await reportCall(server, key, {
      externalId: "purged-1",
      callerNumber: "+48 600 700 800",
      startedAt: server.clock().toISOString(),
      status: "completed",
      durationSeconds: 30,
    });
    expect(call.status).toBe(201);
    await as(owner).send("PUT", "/privacy/settings", { callContentDays: 1, callRowDays: 2 });
    const business = {
      id: owner.user.businessId,
      timezone: (await as(owner).company()).settings.timezone,
      callContentDays: 1,
      callRowDays: 2,
      bookingPersonalDays: null,
    };
    const nothingDue = await entriesOf(owner, async () => {
      await purgeBusinessRetention(server.db, business, server.clock());
      return new Response();
    });
    expect(nothingDue.entries).toEqual([]);
    const { entries } = await entriesOf(owner, async () => {
      // The purge's own clock moves on, the staff's session with the server's stays valid.
      await purgeBusinessRetention(server.db, business, new Date(server.clock().getTime() + 5 * DAY));
      return new Response();
    });
    expect(entries).toMatchObject([
      {
        action: "retention.purged",
        actor: { kind: "system" },
        details: { calls: 1, callContents: 0, bookingContacts: 0 },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain("600 700 800");
  });

  it("shows each business only its own log", async () => {
    const alice = await signUp(server);
    const bob = await signUp(server);
    await createAssistantKey(server, alice, "Alice's key");
    const bobs = await auditOf(bob);
    expect(bobs.total).toBe(1);
    expect(bobs.data.map((entry) => entry.action)).toEqual(["account.signed_up"]);
    expect(JSON.stringify(bobs)).not.toContain("Alice's key");
    expect((await auditOf(alice)).total).toBe(2);
  });
});

describe("GET /api/audit", () => {
  it("pages newest first with the exact total, a page past the end empty", async () => {
    const owner = await signUp(server);
    for (let n = 1; n <= 24; n++) {
      server.clock.advance(SECOND);
      await createAssistantKey(server, owner, `Key ${n}`);
    }
    const names = (entries: AuditEntry[]) =>
      entries.map((entry) => ("keyName" in entry.details ? entry.details.keyName : entry.action));
    const first = await auditOf(owner);
    expect(first).toMatchObject({ total: 25, page: 1, totalPages: 2 });
    expect(first.data).toHaveLength(20);
    expect(names(first.data).slice(0, 2)).toEqual(["Key 24", "Key 23"]);
    const second = await auditOf(owner, "?page=3&limit=10");
    expect(second).toMatchObject({ total: 25, page: 3, totalPages: 3 });
    expect(names(second.data)).toEqual(["Key 4", "Key 3", "Key 2", "Key 1", "account.signed_up"]);
    const times = first.data.map((entry) => entry.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(await auditOf(owner, "?page=4&limit=10")).toEqual({ data: [], total: 25, page: 4, totalPages: 3 });
  });

  it("refuses bad parameters with a 400 naming them, and callers who are not signed in", async () => {
    const owner = await signUp(server);
    for (const [query, field] of [
      ["?page=0", "page"],
      ["?page=x", "page"],
      ["?limit=101", "limit"],
      ["?limit=0", "limit"],
      ["?limit=1.5", "limit"],
      ["?order=oldest", "order"],
    ]) {
      const response = await server.request(`/api/audit${query}`, { accessToken: owner.accessToken });
      expect(response.status, query).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "VALIDATION", field });
    }
    const anonymous = await server.request("/api/audit");
    expect(anonymous.status).toBe(401);
    expect((await readEnvelope(anonymous)).success).toBe(false);
  });
});
