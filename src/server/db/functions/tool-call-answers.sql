-- The voice platforms' tool calls, each run once (integrations/tool-call-answers.repo.ts).

-- Claims tool calls before their tools run. p_items is a JSON array of
--   {"n": integer (1-based position), "business": uuid, "connection": uuid, "toolCall": text, "tool": text,
--    "receivedAt": instant}
-- An item claims its tool call when no delivery did before (nor an earlier item of the array): a row without an
-- answer, which the delivery's record fills once the tool has run (assistant_deliveries_record). The primary key
-- decides, so of two deliveries of one tool call at once, on any instances, one claims it: the other waits for
-- that claim's commit, then finds it. A claim still without an answer two minutes after it was made (by the
-- instances' clocks, as receivedAt) is abandoned — its instance died while the tool ran, or could not record
-- the answer — and the next delivery takes it over, running the tool again (tool-call-answerer.ts): a retry is
-- not told "still being handled" for ever. Claims go in in key order (two statements holding the same keys wait for
-- one another rather than deadlock). Returns a row per item, by its position: whether it claimed, and else what
-- the claim holds (done and answer, both null while the tool of the claim still runs).
CREATE OR REPLACE FUNCTION tool_call_answers_claim(p_items jsonb)
RETURNS TABLE (o_item integer, o_claimed boolean, o_done boolean, o_answer text)
LANGUAGE plpgsql AS $$
DECLARE
  v_claimed integer[];
BEGIN
  WITH item AS (
    SELECT * FROM jsonb_to_recordset(p_items)
      AS x(n integer, business uuid, connection uuid, "toolCall" text, tool text, "receivedAt" timestamptz)
  ),
  candidate AS (
    SELECT DISTINCT ON (i.business, i."toolCall") i.* FROM item i ORDER BY i.business, i."toolCall", i.n
  ),
  inserted AS (
    INSERT INTO tool_call_answers (business_id, connection_id, tool_call, tool, received_at)
    SELECT c.business, c.connection, c."toolCall", c.tool, c."receivedAt" FROM candidate c
    ORDER BY c.business, c."toolCall"
    ON CONFLICT (business_id, tool_call) DO UPDATE
      SET connection_id = excluded.connection_id, tool = excluded.tool, received_at = excluded.received_at
      WHERE tool_call_answers.answer IS NULL
        AND tool_call_answers.received_at < excluded.received_at - interval '2 minutes'
    RETURNING business_id, tool_call
  )
  SELECT coalesce(array_agg(c.n), '{}') INTO v_claimed
  FROM candidate c JOIN inserted n ON n.business_id = c.business AND n.tool_call = c."toolCall";

  -- A statement of its own: its snapshot sees the claims committed while the insert waited for them.
  RETURN QUERY
    SELECT i.n, i.n = ANY (v_claimed), a.done, a.answer
    FROM jsonb_to_recordset(p_items) AS i(n integer, business uuid, "toolCall" text)
    LEFT JOIN tool_call_answers a
      ON i.n <> ALL (v_claimed) AND a.business_id = i.business AND a.tool_call = i."toolCall"
    ORDER BY i.n;
END;
$$;
