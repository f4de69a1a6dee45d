import { assistantPlatform } from "@shared/assistant-connections.schema";
import type { MiddlewareHandler } from "hono";
import { createStatementBatcher } from "../db/statement-batcher";
import type { AppDeps, AppEnv } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { Refusal } from "../refusal";
import { findConnectionsForWebhook, type WebhookConnection } from "./assistant-connections.repo";
import { INTEGRATIONS_BASE_PATH } from "./webhooks.routes";

/** Every webhook's path: the platform, then the connection (Retell's tool calls go on after it). */
export const WEBHOOK_PATHS = `${INTEGRATIONS_BASE_PATH}/:provider/:id/*`;

const NO_CONNECTION = "No such connection";

/**
 * Finds the connection a webhook's path names, before anything of its body is read: app.ts mounts it ahead of
 * the body limit, since anyone may post here and a body may be up to 4 MiB, which an unknown connection must
 * not make the server wait for and hold. Unknown, or another platform's (the answer tells nothing of what
 * exists), is 404 at once; otherwise the connection is on the context for the route (webhooks.routes.ts).
 */
export function createWebhookConnectionGate({ db }: Pick<AppDeps, "db">): MiddlewareHandler<AppEnv> {
  // Deliveries arriving together look their connections up with one statement.
  const findConnection = createStatementBatcher<string, WebhookConnection | null>(async (ids) => {
    const found = await findConnectionsForWebhook(db, [...new Set(ids)]);
    return ids.map((id) => found.get(id) ?? null);
  });
  return async (c, next) => {
    const provider = c.req.param("provider");
    // Not a delivery, or not a platform: no webhook route either, left to the app's own answer.
    if (c.req.method !== "POST" || !assistantPlatform.allows(provider)) return next();
    const connectionId = readIdParam(c, NO_CONNECTION);
    const connection = await findConnection(connectionId);
    if (!connection || connection.provider !== provider) throw new Refusal("NOT_FOUND", NO_CONNECTION);
    c.set("webhook", { connectionId, connection });
    await next();
  };
}
