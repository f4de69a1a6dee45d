import { type AssistantPlatform, platformDeliveryAnswer } from "@shared/assistant-connections.schema";
import type { Context } from "hono";
import { createTokenCipher } from "../calendar/token-cipher";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps, AppEnv } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { ok } from "../http/respond";
import { Refusal } from "../refusal";
import { findConnectionForWebhook } from "./assistant-connections.repo";
import {
  type Delivery,
  recordIgnoredDelivery,
  recordRefusedDelivery,
  storeDelivery,
} from "./deliveries.repo";
import type { DeliveryAction } from "./platform-report";
import { readRetellDelivery } from "./retell-delivery";
import { readVapiDelivery } from "./vapi-delivery";
import { retellSignatureProblem, vapiSignatureProblem } from "./webhook-signatures";

export const INTEGRATIONS_BASE_PATH = "/api/integrations";

const NO_CONNECTION = "No such connection";
/** The longest reason kept for the card: a refusal's message names the field, not the whole body. */
const REASON_CHARS = 300;

/**
 * The voice platforms' webhooks: `POST /api/integrations/vapi/:id` and `/retell/:id`, `:id` a connection the
 * owner made in Settings. The signature (or secret) is checked against the raw body before anything is
 * parsed; each delivery then goes through the calls writer, once per (platform, call id, event).
 */
export function webhooksRoutes(
  deps: Pick<AppDeps, "db" | "clock" | "logger" | "config">,
  guards: RouteGuards,
) {
  const { db, clock, logger } = deps;
  const router = new ApiRouter(INTEGRATIONS_BASE_PATH, guards);
  const cipher = createTokenCipher(deps.config.calendarTokenKey);

  const receive = async (c: Context<AppEnv>, provider: AssistantPlatform) => {
    const connectionId = readIdParam(c, NO_CONNECTION);
    const rawBody = await c.req.text();
    const receivedAt = clock();
    const connection = await findConnectionForWebhook(db, connectionId);
    // Another platform's connection is as unknown as none: the answer tells nothing of what exists.
    if (!connection || connection.provider !== provider) throw new Refusal("NOT_FOUND", NO_CONNECTION);
    const base: Delivery = {
      connectionId,
      businessId: connection.businessId,
      provider,
      providerCallId: null,
      event: null,
      receivedAt,
    };

    let secret: string;
    try {
      secret = cipher.decrypt(connection.secret);
    } catch (error) {
      logger.error(
        `The secret of assistant connection ${connectionId} cannot be read (CALENDAR_TOKEN_KEY changed?)`,
        error,
      );
      await recordRefusedDelivery(db, base, "our copy of the secret cannot be read: rotate it", false);
      throw new Refusal("UNAUTHENTICATED", "The delivery could not be authenticated");
    }
    const signature =
      provider === "vapi"
        ? vapiSignatureProblem(rawBody, secret, (name) => c.req.header(name), receivedAt)
        : retellSignatureProblem(rawBody, secret, c.req.header("x-retell-signature"), receivedAt);
    if (signature) {
      await recordRefusedDelivery(db, base, signature, false);
      throw new Refusal("UNAUTHENTICATED", `The delivery could not be authenticated: ${signature}`);
    }

    let action: DeliveryAction;
    try {
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new Refusal("VALIDATION", "The request body is not valid JSON");
      }
      const unknownReason = (reason: string) =>
        logger.warn(
          `Unknown ${provider} end reason "${reason}" (connection ${connectionId}): stored as completed`,
        );
      action =
        provider === "vapi"
          ? readVapiDelivery(body, receivedAt, unknownReason)
          : readRetellDelivery(body, receivedAt, unknownReason);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await recordRefusedDelivery(db, base, error.message.slice(0, REASON_CHARS), true);
      throw error;
    }

    if (action.kind === "ignore") {
      await recordIgnoredDelivery(db, base);
      return ok(c, { result: "ignored" as const });
    }
    const { result } = await storeDelivery(
      db,
      { ...base, providerCallId: action.providerCallId, event: action.event },
      action.report,
      action.startedAt,
    );
    return ok(c, { result });
  };

  const route = (provider: AssistantPlatform, summary: string, description: string) =>
    router.add(
      {
        method: "post",
        path: `/${provider}/:id`,
        summary,
        description,
        response: platformDeliveryAnswer,
        errors: ["VALIDATION", "UNAUTHENTICATED", "NOT_FOUND"],
      },
      (c) => receive(c, provider),
    );

  route(
    "vapi",
    "Vapi's server URL: its server messages for a connection made in Settings → Voice assistant",
    "Authenticated by the connection's secret, whichever credential carries it: Authorization: Bearer, the legacy " +
      "X-Vapi-Secret, or HMAC-SHA256 (hex) in x-signature over `{x-timestamp}.{body}`, within 5 minutes. " +
      "status-update (in-progress, ended) and end-of-call-report are stored as the call vapi:<call.id>; every " +
      "other message type is answered 200 and ignored. A repeated delivery of one event of a call is a duplicate " +
      "and changes nothing. An unknown or another platform's connection is 404; a wrong secret 401; a message " +
      "that cannot be read 400 (nothing stored).",
  );
  route(
    "retell",
    "Retell's webhook: call events for a connection made in Settings → Voice assistant",
    "Signed by Retell with the account's webhook API key: x-retell-signature v=<ms>,d=<hex HMAC-SHA256 of the " +
      "body followed by <ms>>, within 5 minutes. call_started, call_ended and call_analyzed are stored as the " +
      "call retell:<call_id> (call_analyzed adds the summary); other events are answered 200 and ignored. A " +
      "repeated delivery of one event of a call (Retell retries) is a duplicate and changes nothing. An unknown " +
      "or another platform's connection is 404; a bad signature 401; a body that cannot be read 400 (nothing stored).",
  );

  return router;
}
