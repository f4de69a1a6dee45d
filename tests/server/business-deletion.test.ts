import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "../../src/server/db/schema/businesses.schema";
import { countTenantRows } from "../../src/server/privacy/tenant-rows.repo";
import type { BusinessDeleted } from "../../src/shared/privacy.schema";
import { openBusyBusiness } from "../support/busy-business";
import type { FakeBotApi } from "../support/fake-bot-api";
import type { FakeGoogleOAuth } from "../support/fake-google-oauth";
import { refresh, type SignedIn, signIn, signUp, uniqueEmail } from "../support/server-accounts";
import { errorOf } from "../support/server-bookings";
import { dataOf, reportCall } from "../support/server-calls";
import { requestTo, type TestServer } from "../support/server-harness";
import { withApp } from "../support/server-instance";
import { startServerWithFakes } from "../support/server-with-fakes";

let bot: FakeBotApi;
let google: FakeGoogleOAuth;
let server: TestServer;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ bot, google, server, close } = await startServerWithFakes());
});
afterAll(() => close());

const deleteBusiness = (staff: SignedIn, businessName: unknown) =>
  server.request("/api/privacy/delete-business", { json: { businessName }, accessToken: staff.accessToken });

const rowsOf = async (businessId: string) => Object.fromEntries(await countTenantRows(server.db, businessId));

describe("POST /api/privacy/delete-business", () => {
  it("refuses a name that is not the business's exactly, naming the field and deleting nothing", async () => {
    const busy = await openBusyBusiness({ server, bot, google });
    const before = await rowsOf(busy.businessId);
    const name = busy.staff.user.businessName;
    for (const typed of [name.toUpperCase(), `${name} `, "", "Someone else"]) {
      const response = await deleteBusiness(busy.staff, typed);
      expect(response.status, typed).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "VALIDATION", field: "businessName" });
    }
    const missing = await server.request("/api/privacy/delete-business", {
      json: {},
      accessToken: busy.staff.accessToken,
    });
    expect(missing.status).toBe(400);
    expect(await rowsOf(busy.businessId)).toEqual(before);
    expect(google.revocations).toEqual([]);
    expect((await server.request("/api/auth/me", { accessToken: busy.staff.accessToken })).status).toBe(200);
  });

  it("refuses a blank name even for a business whose stored name is empty", async () => {
    const staff = await signUp(server, uniqueEmail("unnamed"));
    await server.db.update(businesses).set({ name: "" }).where(eq(businesses.id, staff.user.businessId));
    const before = await rowsOf(staff.user.businessId);
    for (const typed of ["", "   ", "\t\n"]) {
      const response = await deleteBusiness(staff, typed);
      expect(response.status, JSON.stringify(typed)).toBe(400);
      const error = await errorOf(response);
      expect(error).toMatchObject({ code: "VALIDATION", field: "businessName" });
      expect(error.message).toMatch(/^businessName must be the business's name, not blank/);
    }
    expect(await rowsOf(staff.user.businessId)).toEqual(before);
    expect((await server.request("/api/auth/me", { accessToken: staff.accessToken })).status).toBe(200);
  });

  it("deletes every row of the business in every table, ends its connections, and signs its staff out everywhere", async () => {
    const busy = await openBusyBusiness({ server, bot, google });
    const other = await openBusyBusiness({ server, bot, google });
    const otherBefore = await rowsOf(other.businessId);
    const elsewhere = await signIn(server, busy.staff.user.email, busy.password);
    const grant = google.grants.at(-2)!;

    const response = await deleteBusiness(busy.staff, busy.staff.user.businessName);
    expect(response.status).toBe(200);
    expect(await dataOf<BusinessDeleted>(response)).toEqual({ telegram: "notified", calendar: "revoked" });
    expect(response.headers.getSetCookie().some((c) => /^calldesk_refresh=;/.test(c))).toBe(true);

    const after = await rowsOf(busy.businessId);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    expect(Object.keys(after)).toHaveLength(Object.keys(otherBefore).length);
    expect(await rowsOf(other.businessId)).toEqual(otherBefore);

    expect(grant.revoked).toBe(true);
    expect(google.grants.at(-1)!.revoked).toBe(false);
    const [farewell] = bot.messages(busy.chatId).slice(-1);
    expect(farewell!.text).toContain(busy.staff.user.businessName);
    expect(farewell!.text).toContain("no more messages");

    // Access tokens stop at once, on every instance (their sessions went with the rows); refresh cookies and
    // the password with the rows.
    await withApp(server, {}, async (url) => {
      for (const instance of [server, { request: requestTo(url) }])
        for (const staff of [busy.staff, elsewhere]) {
          expect((await instance.request("/api/auth/me", { accessToken: staff.accessToken })).status).toBe(
            401,
          );
          expect((await instance.request("/api/calls", { accessToken: staff.accessToken })).status).toBe(401);
          expect((await refresh(instance, staff.refreshCookie)).status).toBe(401);
        }
    });
    const again = await server.request("/api/auth/sign-in", {
      json: { email: busy.staff.user.email, password: busy.password },
    });
    expect(again.status).toBe(401);
    expect((await server.request("/api/auth/me", { accessToken: other.staff.accessToken })).status).toBe(200);
    // The assistant's keys went too.
    const late = {
      externalId: "late",
      callerNumber: "+1 555 0100",
      startedAt: "2026-03-02T11:00:00Z",
      status: "completed",
    };
    expect((await reportCall(server, busy.key, late)).status).toBe(401);
  });

  it("deletes all the same when Telegram and Google cannot be reached, and says so", async () => {
    const busy = await openBusyBusiness({ server, bot, google });
    await bot.outage(true);
    google.outage(true);
    try {
      const response = await deleteBusiness(busy.staff, busy.staff.user.businessName);
      expect(response.status).toBe(200);
      expect(await dataOf<BusinessDeleted>(response)).toEqual({
        telegram: "unreachable",
        calendar: "unreachable",
      });
    } finally {
      await bot.outage(false);
      google.outage(false);
    }
    expect(Object.values(await rowsOf(busy.businessId)).every((n) => n === 0)).toBe(true);
  });

  it("is for signed-in staff only", async () => {
    const response = await server.request("/api/privacy/delete-business", { json: { businessName: "x" } });
    expect(response.status).toBe(401);
  });
});
