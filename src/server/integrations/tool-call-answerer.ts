import type { Database } from "../db/database";
import type { Logger } from "../logger";
import type { DeliveryRecorder, KeyedDelivery } from "./deliveries.repo";
import type { PlatformToolCall } from "./platform-tool-calls";
import { toolAnswer } from "./tool-answers";
import {
  type ClaimVerdict,
  createToolCallClaimer,
  releaseToolCall,
  type ToolReply,
} from "./tool-call-answers.repo";
import type { ToolCallContext, ToolOutcome, ToolRunner } from "./tool-calls";

/**
 * Answers each of the platforms' tool calls once, however often it is sent. The first delivery of a tool call
 * claims it in the database (its key, ToolCallContext.toolCall, is the primary key of tool_call_answers) and
 * runs its tool; any other delivery of it — the platform's retry, or the same request twice at once, on any
 * instance — is given the words the first was given, and the tool is not run again. Deliveries of one tool
 * call reaching this instance while it is being answered here wait for that answer; one reaching another
 * instance meanwhile is told the request is still being handled. Each delivery is recorded among the
 * connection's deliveries: the one that ran the tool done or refused (and why), with the answer kept for the
 * retries in the same statement; the others as duplicates.
 *
 * It never throws: the platforms want every tool call answered, HTTP 200 (Vapi ignores any other status, and a
 * 500 would lose the other tool calls' results of the message too). A claim the database refuses is answered
 * "failed" (the tool did not run); an answer that cannot be recorded is still given, its claim released so
 * that a retry runs the tool again (each tool's effect is keyed: a second run repeats nothing) — and should
 * the release fail too, the claim is taken over once abandoned (tool_call_answers_claim).
 */
export function createToolCallAnswerer(
  deps: { db: Database; logger: Logger },
  runTool: ToolRunner,
  deliveries: DeliveryRecorder,
) {
  const { db, logger } = deps;
  const claim = createToolCallClaimer(deps);
  // The answering of each tool call under way at this instance, by key. Only a wait: the claim decides who runs.
  const underWay = new Map<string, Promise<ToolReply>>();

  const failing = (context: ToolCallContext, tool: PlatformToolCall, what: string, error: unknown) =>
    logger.error(`Tool call ${tool.name} of connection ${context.connectionId}: ${what}`, error);
  /** Records a delivery answered another's words; a failure to is logged, the answer given all the same. */
  const recordDuplicate = (context: ToolCallContext, delivery: KeyedDelivery, tool: PlatformToolCall) =>
    deliveries
      .toolCall(delivery, "duplicate")
      .catch((error) => failing(context, tool, "its duplicate could not be recorded", error));

  const answerClaimed = async (
    context: ToolCallContext,
    delivery: KeyedDelivery,
    tool: PlatformToolCall,
  ): Promise<ToolReply> => {
    let verdict: ClaimVerdict;
    try {
      verdict = await claim({
        businessId: context.businessId,
        connectionId: context.connectionId,
        toolCall: context.toolCall,
        tool: tool.name,
        receivedAt: delivery.receivedAt,
      });
    } catch (error) {
      failing(context, tool, "its claim failed, the tool was not run", error);
      return { done: false, text: toolAnswer(context.language, "failed") };
    }
    if (!verdict.claimed) {
      await recordDuplicate(context, delivery, tool);
      return verdict.answer ?? { done: false, text: toolAnswer(context.language, "inProgress") };
    }
    const outcome: ToolOutcome =
      "problem" in tool
        ? {
            done: false,
            text: toolAnswer(context.language, "badArguments", { problem: tool.problem }),
            refusal: { code: "bad_arguments", reason: `arguments: ${tool.problem}` },
          }
        : await runTool(context, tool.name, tool.args);
    const reply = { done: outcome.done, text: outcome.text };
    try {
      await deliveries.toolCall(delivery, {
        answer: { ...reply, toolCall: context.toolCall },
        refusedBecause: outcome.done ? null : outcome.refusal,
      });
    } catch (error) {
      failing(context, tool, "its answer could not be recorded, its claim is released", error);
      const claimed = { ...context, receivedAt: delivery.receivedAt };
      await releaseToolCall(db, claimed).catch((again) =>
        failing(context, tool, "its claim could not be released either: taken over once abandoned", again),
      );
    }
    return reply;
  };

  /** The answer to one tool call (`delivery` is how it is recorded: its call id holds the tool call's key). */
  return async function answerToolCall(
    context: ToolCallContext,
    delivery: KeyedDelivery,
    tool: PlatformToolCall,
  ): Promise<ToolReply> {
    const answering = underWay.get(context.toolCall);
    if (answering) {
      const reply = await answering;
      await recordDuplicate(context, delivery, tool);
      return reply;
    }
    const answer = answerClaimed(context, delivery, tool);
    underWay.set(context.toolCall, answer);
    try {
      return await answer;
    } finally {
      underWay.delete(context.toolCall);
    }
  };
}

export type ToolCallAnswerer = ReturnType<typeof createToolCallAnswerer>;
