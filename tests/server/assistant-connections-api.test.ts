import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTokenCipher } from "../../src/server/calendar/token-cipher";
import { rawRows } from "../../src/server/db/raw-rows";
import { DELIVERIES_KEPT } from "../../src/server/integrations/assistant-connections.repo";
import {
  ACCEPTED_DELIVERY_KEPT_MS,
  purgeOldDeliveries,
} from "../../src/server/integrations/deliveries-purge";
import type { AssistantConnectionWithSecret } from "../../src/shared/assistant-connections.schema";
import type { AuditList } from "../../src/shared/audit.schema";
import {
  connectRetell,
  connectVapi,
  deliver,
  deliverRetell,
  deliverVapi,
  fixtureText,
  fixtureWith,
  listConnections,
} from "../support/platform-deliveries";
import { expectOwnOriginStaffOnly, type SignedIn, signUp } from "../support/server-accounts";
import { dataOf } from "../support/server-calls";
import { SECOND } from "../support/server-clock";
import { readEnvelope, serverForFile } from "../support/server-harness";

const TOKEN_KEY = "ab".repeat(32);

const server = serverForFile({ env: { CALENDAR_TOKEN_KEY: TOKEN_KEY } });

const send = (staff: SignedIn, method: string, path: string, json?: unknown) =>
  server.request(`/api/assistant-connections${path}`, { method, json, accessToken: staff.accessToken });

const errorOf = async (response: Response) => {
  const body = await readEnvelope(response);
  return body.success ? null : { status: response.status, code: body.error.code, field: body.error.field };
};

const storedSecret = async (id: string) => {
  const [row] = await rawRows<{ secret: string }>(
    server.db,
    sql`select secret from assistant_connections where id = ${id}::uuid`,
  );
  return row?.secret;
};

const auditActions = async (staff: SignedIn) =>
  (
    await dataOf<AuditList>(await server.request("/api/audit?limit=100", { accessToken: staff.accessToken }))
  ).data.flatMap((entry) =>
    entry.action.startsWith("assistant_connection.") ? [[entry.action, entry.details]] : [],
  );

const STATUS_UPDATE = fixtureText("vapi", "status-update-in-progress");

describe("voice platform connections (staff)", () => {
  it("makes a Vapi secret shown once, kept encrypted, and the URL to paste", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    expect(vapi.secret).toMatch(/^cds_[A-Za-z0-9_-]{43}$/);
    expect(vapi.webhookUrl).toBe(`${server.url}/api/integrations/vapi/${vapi._id}`);
    expect(vapi).toMatchObject({
      provider: "vapi",
      secretRotatedAt: null,
      lastEventAt: null,
      recentDeliveries: [],
    });
    const stored = await storedSecret(vapi._id);
    expect(stored).not.toContain(vapi.secret);
    expect(createTokenCipher(Buffer.from(TOKEN_KEY, "hex")).decrypt(stored!)).toBe(vapi.secret);
    const listed = await listConnections(server, staff);
    expect(listed).toEqual([{ ...vapi, secret: undefined }].map(({ secret: _, ...rest }) => rest));
    expect(JSON.stringify(listed)).not.toContain(vapi.secret);
  });

  it("takes Retell's own webhook API key, never shown back, and lists connections newest first", async () => {
    const staff = await signUp(server);
    const missingKey = await send(staff, "POST", "", { provider: "retell" });
    expect(await errorOf(missingKey)).toMatchObject({ status: 400, code: "VALIDATION", field: "apiKey" });
    for (const body of [{ provider: "bland" }, { provider: "vapi", apiKey: "key_abcdefgh" }, {}])
      expect((await send(staff, "POST", "", body)).status).toBe(400);
    const vapi = await connectVapi(server, staff);
    server.clock.advance(SECOND);
    const retell = await connectRetell(server, staff);
    expect(retell.secret).toBeNull();
    expect((await listConnections(server, staff)).map((c) => c._id)).toEqual([retell._id, vapi._id]);
    expect(JSON.stringify(await listConnections(server, staff))).not.toContain(retell.apiKey);
  });

  it("rotates a secret: the old one is refused from then on, the new one taken", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    server.clock.advance(SECOND);
    const rotated = await dataOf<AssistantConnectionWithSecret>(
      await send(staff, "POST", `/${vapi._id}/rotate-secret`, {}),
    );
    expect(rotated.secret).not.toBe(vapi.secret);
    expect(rotated.secretRotatedAt).toBe(server.clock().toISOString());
    expect((await deliverVapi(server, vapi, STATUS_UPDATE)).status).toBe(401);
    expect(
      (await deliverVapi(server, { _id: vapi._id, secret: rotated.secret! }, STATUS_UPDATE)).status,
    ).toBe(200);

    const retell = await connectRetell(server, staff);
    const noKey = await send(staff, "POST", `/${retell._id}/rotate-secret`, {});
    expect(await errorOf(noKey)).toMatchObject({ status: 400, field: "apiKey" });
    const apiKey = "key_rotated_0123456789abcdef";
    expect((await send(staff, "POST", `/${retell._id}/rotate-secret`, { apiKey })).status).toBe(200);
    const body = fixtureText("retell", "call_started");
    expect((await deliverRetell(server, retell, body)).status).toBe(401);
    expect((await deliverRetell(server, { _id: retell._id, apiKey }, body)).status).toBe(200);
  });

  it("deletes a connection: its URL answers 404 from then on; each change is in the audit log", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    await send(staff, "POST", `/${vapi._id}/rotate-secret`, {});
    expect((await send(staff, "DELETE", `/${vapi._id}`)).status).toBe(200);
    expect((await deliverVapi(server, vapi, STATUS_UPDATE)).status).toBe(404);
    expect((await send(staff, "DELETE", `/${vapi._id}`)).status).toBe(404);
    expect(await listConnections(server, staff)).toEqual([]);
    expect(await auditActions(staff)).toEqual([
      ["assistant_connection.deleted", { provider: "vapi" }],
      ["assistant_connection.secret_rotated", { provider: "vapi" }],
      ["assistant_connection.created", { provider: "vapi" }],
    ]);
  });

  it("keeps a business's connections to its own staff, of the app's own origin", async () => {
    const owner = await signUp(server);
    const other = await signUp(server);
    const vapi = await connectVapi(server, owner);
    expect(await listConnections(server, other)).toEqual([]);
    expect((await send(other, "POST", `/${vapi._id}/rotate-secret`, {})).status).toBe(404);
    expect((await send(other, "DELETE", `/${vapi._id}`)).status).toBe(404);
    expect((await send(owner, "DELETE", "/not-a-uuid")).status).toBe(404);
    await expectOwnOriginStaffOnly(server, owner, "/api/assistant-connections", "POST", { provider: "vapi" });
    expect((await deliverVapi(server, vapi, STATUS_UPDATE)).status).toBe(200);
  });

  it("recognises a repeat however many deliveries came between, until its week is over", async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    const report = (i: number) =>
      fixtureWith("vapi", "end-of-call-report", {
        "message.call.id": `3f1c2b3a-0000-4000-8000-${String(i).padStart(12, "0")}`,
      });
    const answer = async (i: number) =>
      dataOf<{ result: string }>(await deliverVapi(server, vapi, report(i)));
    expect(await answer(0)).toEqual({ result: "accepted" });
    // More deliveries than the card's list keeps, every one a new call, and a refused one each.
    for (let i = 1; i <= DELIVERIES_KEPT + 5; i++) {
      await deliverVapi(server, vapi, report(i));
      await deliver(server, "vapi", vapi._id, STATUS_UPDATE, { authorization: "Bearer wrong" });
    }
    expect(await answer(0)).toEqual({ result: "duplicate" });
    const count = async (result: string) => {
      const [row] = await rawRows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from assistant_deliveries
          where connection_id = ${vapi._id}::uuid and result = ${result}`,
      );
      return row!.n;
    };
    expect(await count("accepted")).toBe(DELIVERIES_KEPT + 6);
    expect((await count("refused")) + (await count("duplicate"))).toBe(DELIVERIES_KEPT);
    // A week later the keys go with the hourly purge.
    expect(
      await purgeOldDeliveries(
        server.db,
        new Date(server.clock().getTime() + ACCEPTED_DELIVERY_KEPT_MS - SECOND),
      ),
    ).toEqual({ deliveries: 0, toolCallAnswers: 0 });
    expect(
      (
        await purgeOldDeliveries(
          server.db,
          new Date(server.clock().getTime() + ACCEPTED_DELIVERY_KEPT_MS + SECOND),
        )
      ).deliveries,
    ).toBeGreaterThanOrEqual(DELIVERIES_KEPT + 6);
    expect(await count("accepted")).toBe(0);
  });

  it(`keeps the latest ${DELIVERIES_KEPT} deliveries of a connection`, async () => {
    const staff = await signUp(server);
    const vapi = await connectVapi(server, staff);
    for (let i = 0; i < DELIVERIES_KEPT + 5; i++)
      await deliver(server, "vapi", vapi._id, STATUS_UPDATE, { authorization: `Bearer wrong-${i}` });
    const [row] = await rawRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from assistant_deliveries where connection_id = ${vapi._id}::uuid`,
    );
    expect(row!.n).toBe(DELIVERIES_KEPT);
    const [connection] = await listConnections(server, staff);
    expect(connection!.recentDeliveries).toHaveLength(5);
    // Refused for its secret: the platform has not been heard from.
    expect(connection!.lastEventAt).toBeNull();
  });
});
