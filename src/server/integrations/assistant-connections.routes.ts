import { randomBytes, randomUUID } from "node:crypto";
import {
  type AssistantConnection,
  type AssistantPlatform,
  assistantConnectionList,
  assistantConnectionTools,
  assistantConnectionWithSecret,
  createAssistantConnectionBody,
  rotateAssistantSecretBody,
} from "@shared/assistant-connections.schema";
import type { Context } from "hono";
import { recordAudit } from "../audit/audit.repo";
import { createTokenCipher } from "../calendar/token-cipher";
import type { Transaction } from "../db/database";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps, AppEnv } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { requestOrigin } from "../http/request-info";
import { ok } from "../http/respond";
import { Refusal } from "../refusal";
import {
  assistantConnectionExample,
  assistantConnectionToolsExample,
  createdAssistantConnectionExample,
} from "./assistant-connections.examples";
import {
  type ConnectionWithDeliveries,
  deleteAssistantConnection,
  findAssistantConnection,
  insertAssistantConnection,
  listAssistantConnections,
  replaceAssistantSecret,
} from "./assistant-connections.repo";
import { platformToolDefinitions } from "./tool-definitions";
import { INTEGRATIONS_BASE_PATH } from "./webhooks.routes";

const NO_CONNECTION = "No such assistant connection";

/** A Vapi secret: 32 random bytes, recognisable in a leaked config by its prefix. */
const generateVapiSecret = () => `cds_${randomBytes(32).toString("base64url")}`;

/**
 * The secret a connection is checked with: for Vapi one made here, for Retell the owner's own webhook API key
 * (Retell signs with it; nothing else can be pasted into Retell). Shown once: Vapi's, the one time it exists.
 */
function secretFor(
  provider: AssistantPlatform,
  apiKey: string | undefined,
): { secret: string; shown: string | null } {
  if (provider === "vapi") {
    const secret = generateVapiSecret();
    return { secret, shown: secret };
  }
  if (apiKey === undefined)
    throw new Refusal("VALIDATION", "apiKey must be the Retell API key with the webhook badge", {
      field: "apiKey",
    });
  return { secret: apiKey, shown: null };
}

/** Staff connect a voice platform (Vapi, Retell) by its webhook URL and secret (signed-in staff only). */
export function assistantConnectionsRoutes(
  { db, clock, config }: Pick<AppDeps, "db" | "clock" | "config">,
  guards: RouteGuards,
) {
  const router = new ApiRouter("/api/assistant-connections", guards);
  const cipher = createTokenCipher(config.calendarTokenKey);
  // The address the platform reaches us at: PUBLIC_URL when set, else the portal's own.
  const webhookUrl = (c: Context<AppEnv>, provider: AssistantPlatform, id: string) =>
    `${config.publicUrl ?? config.appOrigin ?? requestOrigin(c, config.trustProxy)}${INTEGRATIONS_BASE_PATH}/${provider}/${id}`;
  const shown = (c: Context<AppEnv>, row: ConnectionWithDeliveries): AssistantConnection => ({
    _id: row.id,
    provider: row.provider,
    webhookUrl: webhookUrl(c, row.provider, row.id),
    createdAt: row.createdAt.toISOString(),
    secretRotatedAt: row.secretRotatedAt?.toISOString() ?? null,
    lastEventAt: row.lastEventAt?.toISOString() ?? null,
    recentDeliveries: row.recentDeliveries,
  });
  const audit = (
    tx: Transaction,
    c: Context<AppEnv>,
    action:
      | "assistant_connection.created"
      | "assistant_connection.secret_rotated"
      | "assistant_connection.deleted",
    provider: AssistantPlatform,
    at: Date,
  ) => {
    const { businessId, userId } = c.get("auth");
    return recordAudit(tx, { businessId, actor: { userId }, at, action, details: { provider } });
  };

  router.add(
    {
      method: "get",
      path: "/",
      summary:
        "The business's voice platform connections, newest first, each with its latest deliveries (never a secret)",
      auth: "user",
      response: assistantConnectionList,
      examples: { response: [assistantConnectionExample] },
      errors: [],
    },
    async (c) =>
      ok(
        c,
        (await listAssistantConnections(db, c.get("auth").businessId)).map((row) => shown(c, row)),
      ),
  );

  router.add(
    {
      method: "post",
      path: "/",
      summary:
        "Connect a voice platform: the webhook URL to paste into it, and for Vapi its secret (shown this once)",
      description:
        "Vapi: the server makes the secret; paste it into a Bearer Token credential (Authorization, Bearer prefix " +
        "on) or an HMAC credential (SHA256, hex, x-signature, x-timestamp, `{timestamp}.{body}`) of the server " +
        "URL. Retell: send apiKey, the Retell API key with the webhook badge, which Retell signs its webhooks " +
        "with; secret is then null.",
      auth: "user",
      body: createAssistantConnectionBody,
      response: assistantConnectionWithSecret,
      status: 201,
      examples: { body: { provider: "vapi" }, response: createdAssistantConnectionExample },
      errors: [],
    },
    async (c, { body }) => {
      const { businessId } = c.get("auth");
      const at = clock();
      const { secret, shown: secretShown } = secretFor(
        body.provider,
        "apiKey" in body ? body.apiKey : undefined,
      );
      const row = await db.transaction(async (tx) => {
        const row = await insertAssistantConnection(tx, {
          id: randomUUID(),
          businessId,
          provider: body.provider,
          secret: cipher.encrypt(secret),
          createdAt: at,
        });
        await audit(tx, c, "assistant_connection.created", row.provider, at);
        return row;
      });
      return ok(c, { ...shown(c, { ...row, recentDeliveries: [] }), secret: secretShown }, 201);
    },
  );

  router.add(
    {
      method: "get",
      path: "/:id/tools",
      summary: "The ready-to-paste tool definitions of a connection, as its platform takes them",
      description:
        "tools is the JSON to paste: for Vapi its function tools (type function, function { name, description, " +
        "parameters }, without a server of its own: Vapi sends it to the assistant's server URL, the connection's, " +
        "with the credential attached there — a tool's own server URL would take priority, without it); for " +
        "Retell its custom functions (type custom, name, description, url …/tools/<name>, method POST, " +
        "parameters, args_at_root false). The tools, stable by name: find_free_slots, book_appointment, " +
        "list_caller_bookings, reschedule_booking, cancel_booking, get_business_info.",
      auth: "user",
      response: assistantConnectionTools,
      examples: { response: assistantConnectionToolsExample },
      errors: ["NOT_FOUND"],
    },
    async (c) => {
      const id = readIdParam(c, NO_CONNECTION);
      const found = await findAssistantConnection(db, c.get("auth").businessId, id);
      if (!found) throw new Refusal("NOT_FOUND", NO_CONNECTION);
      return ok(c, platformToolDefinitions(found.provider, webhookUrl(c, found.provider, found.id)));
    },
  );

  router.add(
    {
      method: "post",
      path: "/:id/rotate-secret",
      summary: "Replace a connection's secret: deliveries with the old one are refused from then on",
      description:
        "Vapi: a new secret is made and shown this once (paste it into the credential). Retell: send apiKey, " +
        "the new Retell webhook API key.",
      auth: "user",
      body: rotateAssistantSecretBody,
      response: assistantConnectionWithSecret,
      examples: { body: {}, response: createdAssistantConnectionExample },
      errors: ["NOT_FOUND"],
    },
    async (c, { body }) => {
      const id = readIdParam(c, NO_CONNECTION);
      const { businessId } = c.get("auth");
      const at = clock();
      const secretShown = await db.transaction(async (tx) => {
        const found = await findAssistantConnection(tx, businessId, id);
        if (!found) throw new Refusal("NOT_FOUND", NO_CONNECTION);
        const { secret, shown: secretShown } = secretFor(found.provider, body.apiKey);
        if (!(await replaceAssistantSecret(tx, businessId, id, cipher.encrypt(secret), at)))
          throw new Refusal("NOT_FOUND", NO_CONNECTION);
        await audit(tx, c, "assistant_connection.secret_rotated", found.provider, at);
        return secretShown;
      });
      const [row] = await listAssistantConnections(db, businessId, id);
      if (!row) throw new Refusal("NOT_FOUND", NO_CONNECTION);
      return ok(c, { ...shown(c, row), secret: secretShown });
    },
  );

  router.add(
    {
      method: "delete",
      path: "/:id",
      summary: "Disconnect a voice platform: its webhook URL answers 404 from then on",
      auth: "user",
      response: null,
      errors: ["NOT_FOUND"],
    },
    async (c) => {
      const id = readIdParam(c, NO_CONNECTION);
      const at = clock();
      await db.transaction(async (tx) => {
        const deleted = await deleteAssistantConnection(tx, c.get("auth").businessId, id);
        if (!deleted) throw new Refusal("NOT_FOUND", NO_CONNECTION);
        await audit(tx, c, "assistant_connection.deleted", deleted.provider, at);
      });
      return ok(c, null);
    },
  );

  return router;
}
