import {
  type AssistantPlatform,
  platformDeliveryAnswer,
  type RetellToolAnswer,
  retellToolAnswer,
  type VapiToolCallsAnswer,
  vapiServerAnswer,
} from "@shared/assistant-connections.schema";
import { DEFAULT_LANGUAGE, isLanguageCode } from "@shared/languages";
import type { Type } from "arktype";
import type { Context } from "hono";
import { createTokenCipher } from "../calendar/token-cipher";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps, AppEnv } from "../http/app-env";
import { MAX_JSON_DEPTH, nestsTooDeeply } from "../http/json-depth";
import { readBodyText } from "../http/read-body-text";
import { ok } from "../http/respond";
import { Refusal } from "../refusal";
import type { WebhookConnection } from "./assistant-connections.repo";
import { createDeliveryRecorder, type Delivery } from "./deliveries.repo";
import type { DeliveryRefusal } from "./delivery-refusal";
import { clip, type DeliveryAction, type DeliveryNotes } from "./platform-report";
import {
  isVapiToolCalls,
  type PlatformToolCall,
  readRetellToolCall,
  readVapiToolCalls,
} from "./platform-tool-calls";
import { readRetellDelivery } from "./retell-delivery";
import { createToolCallAnswerer } from "./tool-call-answerer";
import type { ToolReply } from "./tool-call-answers.repo";
import { type ToolCallContext, type ToolRunner, toolCallKey } from "./tool-calls";
import { readVapiDelivery } from "./vapi-delivery";
import { retellSignatureProblem, vapiSignatureProblem } from "./webhook-signatures";

export const INTEGRATIONS_BASE_PATH = "/api/integrations";

const NOT_JSON: DeliveryRefusal = { code: "not_json", reason: "The request body is not valid JSON" };
const TOO_DEEP: DeliveryRefusal = {
  code: "unreadable_payload",
  reason: `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
};
const UNREADABLE_SECRET: DeliveryRefusal = {
  code: "unreadable_secret",
  reason: "our copy of the secret cannot be read: rotate it",
};
/** A message the platform's reader refused: its English names the field at fault. */
const unreadable = (error: Refusal): DeliveryRefusal => ({
  code: "unreadable_payload",
  reason: error.message,
});

/**
 * The voice platforms' webhooks: `POST /api/integrations/vapi/:id` and `/retell/:id`, `:id` a connection the
 * owner made in Settings, found before the body is read (webhook-connection.ts). The signature (or secret) is
 * checked against the raw body before anything is parsed; each delivery then goes through the calls writer,
 * once per (platform, call id, event). The platforms' tool calls come the same way (Vapi's on its server URL,
 * Retell's on `/retell/:id/tools/:tool`) and are answered by the tool runner (tool-calls.ts), once per tool call
 * (tool-call-answerer.ts).
 */
export function webhooksRoutes(
  deps: Pick<AppDeps, "db" | "clock" | "logger" | "config">,
  guards: RouteGuards,
  runTool: ToolRunner,
) {
  const { clock, logger } = deps;
  const router = new ApiRouter(INTEGRATIONS_BASE_PATH, guards);
  const cipher = createTokenCipher(deps.config.calendarTokenKey);
  const deliveries = createDeliveryRecorder(deps);
  const answerToolCall = createToolCallAnswerer(deps, runTool, deliveries);

  /**
   * The connection a delivery is for (the gate found it, 404 when none: webhook-connection.ts), once its
   * signature (or secret) is checked against the raw body; a Refusal (401) otherwise, the refusal recorded on the
   * connection.
   */
  const authenticate = async (c: Context<AppEnv>, provider: AssistantPlatform) => {
    const { connectionId, connection } = c.get("webhook");
    const rawBody = await readBodyText(c);
    const receivedAt = clock();
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
      await deliveries.refused(base, UNREADABLE_SECRET, false);
      throw new Refusal("UNAUTHENTICATED", "The delivery could not be authenticated");
    }
    const signature =
      provider === "vapi"
        ? vapiSignatureProblem(rawBody, secret, (name) => c.req.header(name), receivedAt)
        : retellSignatureProblem(rawBody, secret, c.req.header("x-retell-signature"), receivedAt);
    if (signature) {
      await deliveries.refused(base, signature, false);
      throw new Refusal("UNAUTHENTICATED", `The delivery could not be authenticated: ${signature.reason}`);
    }
    return { connection, base, rawBody };
  };

  /** The body as JSON, or why it cannot be read (the refusal recorded): not JSON, or nested past reading. */
  const parseBody = async (base: Delivery, rawBody: string): Promise<{ json: unknown } | DeliveryRefusal> => {
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      await deliveries.refused(base, NOT_JSON, true);
      return NOT_JSON;
    }
    if (!nestsTooDeeply(json)) return { json };
    await deliveries.refused(base, TOO_DEEP, true);
    return TOO_DEEP;
  };

  /**
   * Answers one tool call (once, however often the platform sends it), recorded among the connection's
   * deliveries as done, refused (and why) or a duplicate. `tool.toolCallId` is what identifies it, null for nothing.
   */
  const answerTool = (
    connection: WebhookConnection,
    base: Delivery,
    call: Pick<ToolCallContext, "providerCallId" | "callerNumber">,
    tool: PlatformToolCall & { toolCallId: string | null },
  ): Promise<ToolReply> => {
    const toolCall = toolCallKey(base.connectionId, call.providerCallId, tool.toolCallId);
    const context: ToolCallContext = {
      connectionId: base.connectionId,
      businessId: base.businessId,
      provider: base.provider,
      timezone: connection.timezone,
      language: isLanguageCode(connection.language) ? connection.language : DEFAULT_LANGUAGE,
      providerCallId: call.providerCallId,
      callerNumber: call.callerNumber,
      toolCall,
    };
    return answerToolCall(
      context,
      {
        ...base,
        providerCallId: `${clip(call.providerCallId ?? "-", 190)}#${toolCall}`,
        event: `tool:${clip(tool.name, 60)}`,
      },
      tool,
    );
  };

  /** Vapi's tool-calls message: every call answered in order, HTTP 200 whatever became of each. */
  const answerVapiTools = async (
    c: Context<AppEnv>,
    connection: WebhookConnection,
    base: Delivery,
    body: unknown,
  ) => {
    let read: ReturnType<typeof readVapiToolCalls>;
    try {
      read = readVapiToolCalls(body);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await deliveries.refused({ ...base, event: "tool-calls" }, unreadable(error), true);
      const answer: VapiToolCallsAnswer = { results: [], error: error.message };
      return c.json(answer);
    }
    const results: VapiToolCallsAnswer["results"] = [];
    for (const call of read.calls) {
      const reply = await answerTool(connection, base, read, call);
      results.push(
        reply.done
          ? { toolCallId: call.toolCallId, result: reply.text }
          : { toolCallId: call.toolCallId, error: reply.text },
      );
    }
    const answer: VapiToolCallsAnswer = {
      results,
      ...(read.unanswerable > 0 && { error: `${read.unanswerable} tool call(s) had no id and were not run` }),
    };
    return c.json(answer);
  };

  const receive = async (c: Context<AppEnv>, provider: AssistantPlatform) => {
    const { connection, base, rawBody } = await authenticate(c, provider);
    const receivedAt = base.receivedAt;
    const connectionId = base.connectionId;

    const parsed = await parseBody(base, rawBody);
    if (!("json" in parsed)) throw new Refusal("VALIDATION", parsed.reason);
    const body = parsed.json;
    if (provider === "vapi" && isVapiToolCalls(body)) return answerVapiTools(c, connection, base, body);
    let action: DeliveryAction;
    try {
      const notes: DeliveryNotes = {
        unknownReason: (reason) =>
          logger.warn(
            `Unknown ${provider} end reason "${reason}" (connection ${connectionId}): stored as completed`,
          ),
        // Only the reason: a link with credentials in it is not to be written to the log either.
        droppedRecording: (problem) =>
          logger.warn(
            `A ${provider} recording link was left out (connection ${connectionId}): it ${problem}; the call is kept`,
          ),
      };
      action =
        provider === "vapi"
          ? readVapiDelivery(body, receivedAt, notes)
          : readRetellDelivery(body, receivedAt, notes);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await deliveries.refused(base, unreadable(error), true);
      throw error;
    }

    if (action.kind === "ignore") {
      await deliveries.ignored(base);
      return ok(c, { result: "ignored" as const });
    }
    const { result } = await deliveries.report(
      { ...base, providerCallId: action.providerCallId, event: action.event },
      action.report,
      action.startedAt,
    );
    return ok(c, { result });
  };

  const route = (
    provider: AssistantPlatform,
    summary: string,
    description: string,
    answer: { response: Type; raw?: true },
  ) =>
    router.add(
      {
        method: "post",
        path: `/${provider}/:id`,
        summary,
        description,
        ...answer,
        errors: ["VALIDATION", "UNAUTHENTICATED", "NOT_FOUND"],
      },
      (c) => receive(c, provider),
    );

  /** A Retell custom function: answered 200 with its result or error for the model, whatever became of it. */
  const answerRetellTool = async (c: Context<AppEnv>) => {
    const { connection, base, rawBody } = await authenticate(c, "retell");
    const parsed = await parseBody({ ...base, event: "tool" }, rawBody);
    if (!("json" in parsed)) {
      const answer: RetellToolAnswer = { error: parsed.reason };
      return c.json(answer);
    }
    const body = parsed.json;
    const named = (body as { name?: unknown } | null)?.name;
    const name = c.req.param("tool") ?? (typeof named === "string" ? named : "");
    const read = readRetellToolCall(body, name);
    const reply = await answerTool(connection, base, read, read.call);
    const answer: RetellToolAnswer = reply.done ? { result: reply.text } : { error: reply.text };
    return c.json(answer);
  };

  const RETELL_TOOLS_DESCRIPTION =
    "Signed as Retell's webhooks are (x-retell-signature, the connection's API key). The body is Retell's " +
    "`{name, call, args}`, or the arguments alone when the function's \"Payload: args only\" is on (the caller's " +
    "number is then unknown: pass customerPhone). Answered 200 with { result } — words for the model, in the " +
    "business's language, times in its timezone with their offset — or { error } saying what to do instead " +
    "(a taken time lists the nearest free ones); each call is recorded among the connection's deliveries as " +
    "tool:<name>. A request Retell sends again (its retry: the same body) is answered as the first was, the " +
    "function not run again. An unknown or another platform's connection is 404; a bad signature 401.";
  for (const path of ["/retell/:id/tools/:tool", "/retell/:id/tools"])
    router.add(
      {
        method: "post",
        path,
        summary:
          path === "/retell/:id/tools"
            ? "Retell's custom functions, the tool named by the body's name"
            : "Retell's custom function :tool (find_free_slots, book_appointment, list_caller_bookings, reschedule_booking, cancel_booking, get_business_info)",
        description: RETELL_TOOLS_DESCRIPTION,
        response: retellToolAnswer,
        raw: true,
        errors: ["UNAUTHENTICATED", "NOT_FOUND"],
      },
      answerRetellTool,
    );

  route(
    "vapi",
    "Vapi's server URL: its server messages for a connection made in Settings → Voice assistant",
    "Authenticated by the connection's secret, whichever credential carries it: Authorization: Bearer, the legacy " +
      "X-Vapi-Secret, or HMAC-SHA256 (hex) in x-signature over `{x-timestamp}.{body}`, within 5 minutes. " +
      "status-update (in-progress, ended) and end-of-call-report are stored as the call vapi:<call.id>. " +
      "tool-calls is answered 200, always, with { results: [{ toolCallId, result | error }] } in call order " +
      "(the tools of GET /api/assistant-connections/:id/tools); a tool call sent again (the same toolCallId of " +
      "the same call) is answered as it was the first time, its tool not run again. Every other message type " +
      "is answered 200 and ignored. Every answer but the tool calls' is the usual envelope. A repeated delivery of one event of a call is a duplicate " +
      "and changes nothing. An unknown or another platform's connection is 404; a wrong secret 401; a message " +
      "that cannot be read 400 (nothing stored).",
    // Vapi reads a tool call's results at the top of the body: that answer is bare, the others enveloped.
    { response: vapiServerAnswer, raw: true },
  );
  route(
    "retell",
    "Retell's webhook: call events for a connection made in Settings → Voice assistant",
    "Signed by Retell with the account's webhook API key: x-retell-signature v=<ms>,d=<hex HMAC-SHA256 of the " +
      "body followed by <ms>>, within 5 minutes. call_started, call_ended and call_analyzed are stored as the " +
      "call retell:<call_id> (call_analyzed adds the summary); other events are answered 200 and ignored. A " +
      "repeated delivery of one event of a call (Retell retries) is a duplicate and changes nothing. An unknown " +
      "or another platform's connection is 404; a bad signature 401; a body that cannot be read 400 (nothing stored).",
    { response: platformDeliveryAnswer },
  );

  return router;
}
