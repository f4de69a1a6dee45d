import { sql } from "drizzle-orm";
import type { Database, Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import { createStatementBatcher, eachFailingAlone } from "../db/statement-batcher";
import type { CallerMatch } from "../privacy/caller-match";

/*
 * tool_call_answers: what each of the voice platforms' tool calls was answered. A delivery claims its tool call
 * here before running the tool (tool_call_answers_claim, db/functions/tool-call-answers.sql); its record then
 * fills in the answer (assistant_deliveries_record, deliveries.repo.ts). A retry finds the claim and is answered
 * its words without the tool running again.
 */

/** A tool call about to be answered: its key (toolCallKey) and which tool it asks for. */
export type ToolCallClaim = {
  businessId: string;
  connectionId: string;
  toolCall: string;
  tool: string;
  receivedAt: Date;
};

/** What the model was told: a result (done) or an error. */
export type ToolReply = { done: boolean; text: string };

/**
 * The claim's verdict: the tool call is this delivery's to run; or another delivery claimed it, and its
 * answer is this (null while that delivery's tool still runs).
 */
export type ClaimVerdict = { claimed: true } | { claimed: false; answer: ToolReply | null };

async function claimToolCalls(db: Executor, items: readonly ToolCallClaim[]): Promise<ClaimVerdict[]> {
  const payload = JSON.stringify(
    items.map((item, index) => ({
      n: index + 1,
      business: item.businessId,
      connection: item.connectionId,
      toolCall: item.toolCall,
      tool: item.tool,
      receivedAt: item.receivedAt.toISOString(),
    })),
  );
  const rows = await rawRows<{ item: number; claimed: boolean; done: boolean | null; answer: string | null }>(
    db,
    sql`select o_item as item, o_claimed as claimed, o_done as done, o_answer as answer
      from tool_call_answers_claim(${payload}::jsonb)`,
  );
  const verdicts: ClaimVerdict[] = new Array(items.length);
  for (const { item, claimed, done, answer } of rows)
    verdicts[item - 1] = claimed
      ? { claimed: true }
      : { claimed: false, answer: done === null || answer === null ? null : { done, text: answer } };
  return verdicts;
}

/** Claims tool calls, those arriving together by one statement (a claim the database refuses fails alone). */
export function createToolCallClaimer({
  db,
}: {
  db: Database;
}): (claim: ToolCallClaim) => Promise<ClaimVerdict> {
  return createStatementBatcher<ToolCallClaim, ClaimVerdict>((items) =>
    eachFailingAlone(items, (some) => claimToolCalls(db, some)),
  );
}

/**
 * Gives a claim up while it holds no answer (its answer could not be recorded): the tool call's next delivery
 * claims it afresh and runs the tool again, rather than being told it is still being handled. Only the claim
 * made at `receivedAt`: one a later delivery took over meanwhile (this one ran past two minutes) is that
 * delivery's, its tool still running.
 */
export async function releaseToolCall(
  db: Executor,
  claim: { businessId: string; toolCall: string; receivedAt: Date },
): Promise<void> {
  await db.execute(
    sql`delete from tool_call_answers
      where business_id = ${claim.businessId}::uuid and tool_call = ${claim.toolCall} and answer is null
        and received_at = ${claim.receivedAt.toISOString()}::timestamptz`,
  );
}

/**
 * Deletes up to `limit` answers of tool calls received before `before` (of every business); how many. They go
 * with the accepted deliveries (deliveries-purge.ts): no platform retries a tool call that late.
 */
export async function purgeToolCallAnswers(db: Executor, before: Date, limit: number): Promise<number> {
  const [row] = await rawRows<{ deleted: number }>(
    db,
    sql`with gone as (
        delete from tool_call_answers where (business_id, tool_call) in (
          select business_id, tool_call from tool_call_answers
          where received_at < ${before.toISOString()}::timestamptz
          limit ${limit})
        returning 1)
      select count(*)::int as deleted from gone`,
  );
  return row!.deleted;
}

/** `text` matched literally in a PostgreSQL regular expression: all but letters, digits and spaces escaped. */
const literally = (text: string) => text.replace(/[^\p{L}\p{N}\s]/gu, "\\$&");

/**
 * A name as a whole word of an answer, which says it as the booking stored it ("Booked Cleaning for Ann at …",
 * spaces around it in every language): after the answer's start, a space or a punctuation mark, and before one
 * or its end, so "Ann" is not in "Joanna" or "Annabel". A hyphen or an apostrophe joins a name's parts rather
 * than ending it: "Ann" is not "Ann-Marie" either.
 */
const wholeWord = (lowerName: string) =>
  `(^|[[:space:][:punct:]])(?<![-'’])${literally(lowerName)}(?![-'’])([[:space:][:punct:]]|$)`;

/**
 * Deletes the business's tool call answers about a caller (the privacy desk's erasure): those naming them —
 * their number's digits among the answer's, or their name in any case as a whole word (wholeWord) — or one of
 * their bookings, by its id (a booking's answer names the customer it was made for). The digits are looked for
 * in all of the answer's together, so a number written with any separator is found (an answer also found by
 * chance only runs its tool again if the platform retries it). A tool call of theirs sent again afterwards runs
 * again.
 */
export async function eraseCallerToolAnswers(
  tx: Executor,
  businessId: string,
  match: CallerMatch,
  bookingIds: readonly string[],
): Promise<void> {
  const namesThem =
    "digits" in match
      ? sql`position(${match.digits} in regexp_replace(answer, '[^0-9]', '', 'g')) > 0`
      : sql`lower(answer) ~ ${wholeWord(match.lowerName)}`;
  await tx.execute(
    sql`delete from tool_call_answers
      where business_id = ${businessId}::uuid and answer is not null and (${namesThem}
        or exists (select from unnest(${`{${bookingIds.join(",")}}`}::uuid[]) b(id)
          where position(b.id::text in answer) > 0))`,
  );
}
