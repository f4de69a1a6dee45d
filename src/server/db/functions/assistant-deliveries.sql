-- Recording the voice platforms' deliveries (integrations/deliveries.repo.ts).

-- The deliveries of p_items (a JSON array, see assistant_deliveries_record) with their 1-based positions.
CREATE OR REPLACE FUNCTION assistant_delivery_items(p_items jsonb)
RETURNS TABLE (
  ord integer, connection_id uuid, business_id uuid, provider text, call_id text, event text,
  received_at timestamptz, reason text, reason_code text, record boolean, authenticated boolean, item jsonb
)
LANGUAGE sql STABLE AS $$
  SELECT x.ordinality::integer, (x.value->>'connection')::uuid, (x.value->>'business')::uuid,
    x.value->>'provider', x.value->>'callId', x.value->>'event', (x.value->>'receivedAt')::timestamptz,
    x.value->>'reason', x.value->>'reasonCode', coalesce((x.value->>'record')::boolean, false),
    coalesce((x.value->>'authenticated')::boolean, false), x.value
  FROM jsonb_array_elements(p_items) WITH ORDINALITY x
$$;

-- Several deliveries of voice platform connections, recorded by one statement: each all or nothing, and
-- deliveries arriving together one round trip. p_items is a JSON array of
--   {"connection": uuid, "business": uuid, "provider": text, "callId": text | null, "event": text | null,
--    "receivedAt": instant, "reason": text | null, "reasonCode": text | null, "record": boolean,
--    "authenticated": boolean, "startedAt": instant, "report": callReport}   (the last two only with a call)
-- and, for a tool call, "duplicate": true (a repeat of a tool call claimed before) or "answer": {"toolCall":
-- text, "done": boolean, "text": text} (the claimed tool call's answer, see tool_call_answers_claim).
-- Each item, by what it says:
--   * a "reason": a 'refused' row giving it and its "reasonCode";
--   * else "duplicate": a 'duplicate' row (the claim decided: tool_call_answers_claim);
--   * else "record": an 'accepted' row, the idempotency key of (business, provider, callId, event) — unless
--     the key is held already, by an earlier delivery or an earlier item of the array: then a 'duplicate'
--     row, and nothing else of the item is written. An accepted item's "report" is written by the calls
--     writer (calls_report_batch, on the word of the connection; p_notify_missed as there) in this same
--     statement, so a delivery is never accepted without its call, nor its call stored twice;
--   * else (an event nothing is kept of): no row.
-- An item's "answer", refused or accepted, fills its tool call's claim in this same statement: a tool call is
-- never recorded without the words its retries are to be given.
-- Accepted rows go in in the order of their keys (two statements holding the same keys then wait for one
-- another rather than deadlock), the others after them in array order. Each connection that got a row storing
-- nothing then keeps only its newest p_kept such rows (the accepted ones stay for their week, see
-- deliveries-purge.ts), and each connection with an authenticated item has last_event_at moved to the latest
-- of their arrivals, once a statement and never back. Returns a row per item, by its position: its result
-- (null when it has no row) and the id of the call its report wrote.
CREATE OR REPLACE FUNCTION assistant_deliveries_record(
  p_items jsonb, p_now timestamptz, p_touch_after interval, p_notify_missed boolean, p_kept integer
) RETURNS TABLE (o_item integer, o_result text, o_call uuid)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_accepted integer[];
  -- Items that get a row storing nothing (refused, duplicate), and accepted ones with a call to write.
  v_stored_nothing integer;
  v_with_call integer;
  v_reports jsonb;
  v_report_items integer[];
  v_call_items integer[] := '{}';
  v_calls uuid[] := '{}';
  v_written record;
BEGIN
  WITH candidate AS (
    SELECT DISTINCT ON (i.business_id, i.provider, i.call_id, i.event) i.*
    FROM assistant_delivery_items(p_items) i
    WHERE i.reason IS NULL AND i.record AND NOT (i.item ? 'duplicate')
    ORDER BY i.business_id, i.provider, i.call_id, i.event, i.ord
  ),
  inserted AS (
    INSERT INTO assistant_deliveries AS d
      (business_id, connection_id, provider, provider_call_id, event, received_at, result, reason)
    SELECT c.business_id, c.connection_id, c.provider, c.call_id, c.event, c.received_at, 'accepted', NULL
    FROM candidate c
    ORDER BY c.business_id, c.provider, c.call_id, c.event
    ON CONFLICT (business_id, provider, provider_call_id, event) WHERE result = 'accepted' DO NOTHING
    RETURNING d.business_id, d.provider, d.provider_call_id, d.event
  )
  SELECT coalesce(array_agg(c.ord ORDER BY c.ord), '{}'), count(*) FILTER (WHERE c.item ? 'report')
  INTO v_accepted, v_with_call
  FROM candidate c
  JOIN inserted n ON n.business_id = c.business_id AND n.provider = c.provider
    AND n.provider_call_id = c.call_id AND n.event = c.event;
  SELECT count(*) FILTER (WHERE i.reason IS NOT NULL OR i.record) - cardinality(v_accepted)
  INTO v_stored_nothing
  FROM assistant_delivery_items(p_items) i;

  IF v_with_call > 0 THEN
    SELECT jsonb_agg(jsonb_build_object('key', NULL, 'connection', i.connection_id,
        'business', i.business_id, 'timezone', NULL, 'startedAt', i.item->'startedAt', 'report', i.item->'report')
        ORDER BY i.ord),
      array_agg(i.ord ORDER BY i.ord)
    INTO v_reports, v_report_items
    FROM assistant_delivery_items(p_items) i
    WHERE i.ord = ANY (v_accepted) AND i.item ? 'report';

    FOR v_written IN
      SELECT r.o_ord, r.o_call_id, r.o_refusal
      FROM calls_report_batch(v_reports, p_now, p_touch_after, p_notify_missed) r
    LOOP
      -- The connection cannot be gone: this statement's delivery row holds it (its foreign key).
      IF v_written.o_refusal IS NOT NULL THEN
        RAISE EXCEPTION 'the calls writer refused a delivery of connection %',
          v_reports->(v_written.o_ord - 1)->>'connection';
      END IF;
      v_call_items := v_call_items || v_report_items[v_written.o_ord];
      v_calls := v_calls || v_written.o_call_id;
    END LOOP;
  END IF;

  IF v_stored_nothing > 0 THEN
    INSERT INTO assistant_deliveries
      (business_id, connection_id, provider, provider_call_id, event, received_at, result, reason, reason_code)
    SELECT i.business_id, i.connection_id, i.provider, i.call_id, i.event, i.received_at,
      CASE WHEN i.reason IS NULL THEN 'duplicate' ELSE 'refused' END, i.reason, i.reason_code
    FROM assistant_delivery_items(p_items) i
    WHERE i.reason IS NOT NULL OR (i.record AND i.ord <> ALL (v_accepted))
    ORDER BY i.ord;

    DELETE FROM assistant_deliveries d
    USING (
      SELECT DISTINCT i.connection_id FROM assistant_delivery_items(p_items) i
      WHERE i.reason IS NOT NULL OR (i.record AND i.ord <> ALL (v_accepted))
    ) c,
    LATERAL (
      SELECT x.id FROM assistant_deliveries x
      WHERE x.connection_id = c.connection_id AND x.result <> 'accepted'
      ORDER BY x.id DESC OFFSET p_kept LIMIT 1
    ) oldest_kept_out
    WHERE d.connection_id = c.connection_id AND d.result <> 'accepted' AND d.id <= oldest_kept_out.id;
  END IF;

  UPDATE tool_call_answers a
  SET done = (i.item->'answer'->>'done')::boolean, answer = i.item->'answer'->>'text'
  FROM assistant_delivery_items(p_items) i
  WHERE i.item ? 'answer' AND a.business_id = i.business_id AND a.tool_call = i.item->'answer'->>'toolCall'
    AND a.answer IS NULL;

  UPDATE assistant_connections ac SET last_event_at = t.at
  FROM (
    SELECT i.connection_id, max(i.received_at) AS at FROM assistant_delivery_items(p_items) i
    WHERE i.authenticated GROUP BY i.connection_id
  ) t
  WHERE ac.id = t.connection_id AND (ac.last_event_at IS NULL OR ac.last_event_at < t.at);

  RETURN QUERY
    SELECT i.ord,
      CASE
        WHEN i.reason IS NOT NULL THEN 'refused'
        WHEN i.ord = ANY (v_accepted) THEN 'accepted'
        WHEN i.record THEN 'duplicate'
      END,
      c.call_id
    FROM assistant_delivery_items(p_items) i
    LEFT JOIN unnest(v_call_items, v_calls) AS c(ord, call_id) ON c.ord = i.ord
    ORDER BY i.ord;
END;
$$;
