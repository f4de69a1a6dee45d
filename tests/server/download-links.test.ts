import type { DownloadLink } from "@shared/download-link.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOWNLOAD_LINK_SECONDS } from "../../src/server/auth/signed-links";
import type { AuditList } from "../../src/shared/audit.schema";
import { readZip } from "../support/read-zip";
import { type SignedIn, signUp } from "../support/server-accounts";
import { errorOf, openPractice } from "../support/server-bookings";
import { dataOf, reportCall } from "../support/server-calls";
import { SECOND } from "../support/server-clock";
import { startTestServer, type TestServer } from "../support/server-harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const linkFor = (staff: SignedIn, path: string, json: unknown) =>
  server.request(`/api/privacy/${path}/link`, { json, accessToken: staff.accessToken });

const auditOf = async (staff: SignedIn) =>
  dataOf<AuditList>(await server.request("/api/audit", { accessToken: staff.accessToken }));

/** The link's address with its token moved onto `path?query`: what someone altering the address would send. */
const withTokenOf = (link: DownloadLink, pathAndQuery: string) => {
  const token = new URL(link.url, server.url).searchParams.get("access");
  return `${pathAndQuery}${pathAndQuery.includes("?") ? "&" : "?"}access=${token}`;
};

describe("download links (POST …/export/link)", () => {
  it("download the business's export with no Authorization header, for two minutes, recorded as the export it is", async () => {
    const staff = await signUp(server);
    const link = await dataOf<DownloadLink>(await linkFor(staff, "export", { recordings: true }));
    expect(link.url).toMatch(/^\/api\/privacy\/export\?recordings=true&access=[\w.-]+$/);
    expect(link.expiresAt).toBe(
      new Date(
        Math.floor(server.clock().getTime() / 1000) * 1000 + DOWNLOAD_LINK_SECONDS * SECOND,
      ).toISOString(),
    );

    server.clock.advance((DOWNLOAD_LINK_SECONDS - 1) * SECOND);
    const download = await server.request(link.url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="calldesk-/);
    const files = await readZip(new Uint8Array(await download.arrayBuffer()));
    expect(files.get("users.jsonl")).toContain(staff.user.email);
    expect((await auditOf(staff)).data[0]).toMatchObject({
      action: "business_data.exported",
      details: { recordings: true },
    });

    server.clock.advance(SECOND);
    const expired = await server.request(link.url);
    expect(expired.status).toBe(401);
    expect((await errorOf(expired)).code).toBe("UNAUTHENTICATED");
  });

  it("fit only the path and query they were given for", async () => {
    const staff = await signUp(server);
    const tables = await dataOf<DownloadLink>(await linkFor(staff, "export", {}));
    expect(tables.url).toMatch(/^\/api\/privacy\/export\?access=/);
    expect((await server.request(tables.url)).status).toBe(200);
    // The tables' link does not take the recordings, nor another file, nor another route.
    for (const altered of [
      "/api/privacy/export?recordings=true",
      "/api/privacy/export?recordings=false",
      "/api/privacy/caller/export?phone=123",
      "/api/calls",
    ])
      expect((await server.request(withTokenOf(tables, altered))).status, altered).toBe(401);

    const caller = await dataOf<DownloadLink>(
      await linkFor(staff, "caller/export", { phone: "+1 718 555 0142" }),
    );
    expect((await server.request(caller.url)).status).toBe(200);
    expect((await server.request(withTokenOf(caller, "/api/privacy/caller/export?phone=1"))).status).toBe(
      401,
    );
    expect((await server.request(withTokenOf(caller, "/api/privacy/export"))).status).toBe(401);
    // The same parameters in another order are the same request.
    const named = await dataOf<DownloadLink>(await linkFor(staff, "caller/export", { name: "  Ada  " }));
    expect(named.url).toMatch(/^\/api\/privacy\/caller\/export\?name=Ada&access=/);
    const token = new URL(named.url, server.url).searchParams.get("access");
    expect((await server.request(`/api/privacy/caller/export?access=${token}&name=Ada`)).status).toBe(200);
  });

  it("are no access token, nor is an access token a link; a forged or foreign token is refused", async () => {
    const staff = await signUp(server);
    const link = await dataOf<DownloadLink>(await linkFor(staff, "export", {}));
    const token = new URL(link.url, server.url).searchParams.get("access")!;
    expect((await server.request("/api/privacy/export", { accessToken: token })).status).toBe(401);
    expect((await server.request(`/api/privacy/export?access=${staff.accessToken}`)).status).toBe(401);
    expect((await server.request(`/api/privacy/export?access=${token.slice(0, -2)}xx`)).status).toBe(401);
    // Another staff member's business put in the token: the signature no longer fits.
    const other = await signUp(server);
    const foreign = token.replace(staff.user.businessId, other.user.businessId);
    expect((await server.request(`/api/privacy/export?access=${foreign}`)).status).toBe(401);
  });

  it("stop at once when their staff member's account is gone", async () => {
    const staff = await signUp(server);
    const link = await dataOf<DownloadLink>(await linkFor(staff, "export", {}));
    await server.db.execute(sql`delete from users where id = ${staff.user.id}::uuid`);
    expect((await server.request(link.url)).status).toBe(401);
  });

  it("hold the caller's data, found as the desk finds them", async () => {
    const { staff, key } = await openPractice(server);
    const reported = await reportCall(server, key, {
      externalId: "link-1",
      callerNumber: "+48 123 456 789",
      startedAt: server.clock().toISOString(),
      status: "completed",
    });
    expect(reported.status).toBe(201);
    const link = await dataOf<DownloadLink>(await linkFor(staff, "caller/export", { phone: "+48123456789" }));
    const files = await readZip(new Uint8Array(await (await server.request(link.url)).arrayBuffer()));
    expect(JSON.parse(files.get("calls.json")!)).toMatchObject([{ fromNumber: "+48 123 456 789" }]);
  });

  it("are given to signed-in staff only, for a well-formed request; a refusal says which field", async () => {
    const staff = await signUp(server);
    expect((await server.request("/api/privacy/export/link", { json: {} })).status).toBe(401);
    const refusals = [
      ["export", { recordings: "yes" }, "recordings"],
      ["export", { everything: true }, "everything"],
      ["caller/export", {}, "phone"],
      ["caller/export", { phone: "+1 718 555 0142", name: "Ada" }, "phone"],
    ] as const;
    for (const [path, json, field] of refusals) {
      const refused = await linkFor(staff, path, json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(await errorOf(refused)).toMatchObject({ code: "VALIDATION", field });
    }
  });
});
