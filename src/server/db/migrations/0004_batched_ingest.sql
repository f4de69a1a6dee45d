-- The assistant API in batches: the server gathers the reports, or key checks, that arrive together into one
-- statement (see statement-batcher.ts). On PGlite a statement's fixed cost is several times that of a
-- row, so a batch of ten costs little more than a single report.

-- The X-Api-Key check for several presented keys at once: a row per active key among p_key_hashes (a JSON
-- array of hashes) with its business and that business's timezone. Stamps last_used_at only when the stored
-- stamp is older than p_touch_after, so a busy key is not rewritten per request.
CREATE FUNCTION assistant_keys_use(p_key_hashes jsonb, p_now timestamptz, p_touch_after interval)
RETURNS TABLE (o_key_hash text, o_key_id uuid, o_business_id uuid, o_timezone text)
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assistant_keys k SET last_used_at = p_now
  WHERE k.key_hash IN (SELECT jsonb_array_elements_text(p_key_hashes))
    AND k.revoked_at IS NULL
    AND (k.last_used_at IS NULL OR k.last_used_at < p_now - p_touch_after);
  RETURN QUERY
    SELECT k.key_hash, k.id, b.id, b.timezone
    FROM assistant_keys k JOIN businesses b ON b.id = k.business_id
    WHERE k.key_hash IN (SELECT jsonb_array_elements_text(p_key_hashes)) AND k.revoked_at IS NULL;
END;
$$;
--> statement-breakpoint

DROP FUNCTION assistant_key_use(text, timestamptz, interval);
--> statement-breakpoint

-- Several validated call reports in one transaction, with calls_report's rules for each, each on the word of
-- an assistant key that this same statement confirms. p_items is a JSON array of
--   {"key": uuid, "business": uuid, "timezone": text | null, "startedAt": instant, "report": callReport}
-- where "timezone" is the business timezone the start time was read in (null when the report gave an offset).
-- An item is refused, and nothing of it stored, when its key is no longer active for its business ('key') or
-- the business has since moved to another timezone ('timezone'). The answer has a row per item, by its
-- 1-based position in the array. Keys used are stamped as assistant_keys_use does.
--
-- The usual report — the first of a call that started after every call its business already has — is placed
-- for the whole batch at once: appended after the newest call, positions numbered by window, one multi-row
-- INSERT. Every other accepted item (an update, a late report of an older call, a second report of the same
-- call in this batch) then goes through calls_report one by one, in array order.
CREATE FUNCTION calls_report_batch(p_items jsonb, p_now timestamptz, p_touch_after interval)
RETURNS TABLE (o_ord integer, o_call_id uuid, o_created boolean, o_refusal text)
LANGUAGE plpgsql AS $$
DECLARE
  v_ords integer[];
  v_ids uuid[];
  v_refused integer[];
  v_refusals text[];
  v_item record;
BEGIN
  -- In a fixed order, so that two batches naming the same businesses cannot deadlock.
  PERFORM calls_lock_business(b.business_id)
  FROM (
    SELECT DISTINCT (x->>'business')::uuid AS business_id FROM jsonb_array_elements(p_items) x ORDER BY 1
  ) b;

  -- One statement places the batch: each statement costs far more than a row here.
  WITH item AS (
    SELECT x.ordinality::integer AS ord, (x.value->>'key')::uuid AS key_id,
      (x.value->>'business')::uuid AS business_id, (x.value->>'startedAt')::timestamptz AS started_at,
      x.value->'report' AS report,
      CASE
        WHEN k.id IS NULL THEN 'key'
        WHEN x.value->>'timezone' IS NOT NULL AND b.timezone IS DISTINCT FROM x.value->>'timezone' THEN 'timezone'
      END AS refusal
    FROM jsonb_array_elements(p_items) WITH ORDINALITY x
    LEFT JOIN assistant_keys k
      ON k.id = (x.value->>'key')::uuid AND k.business_id = (x.value->>'business')::uuid AND k.revoked_at IS NULL
    LEFT JOIN businesses b ON b.id = (x.value->>'business')::uuid
  ),
  touched AS (
    UPDATE assistant_keys k SET last_used_at = p_now
    WHERE k.id IN (SELECT i.key_id FROM item i WHERE i.refusal IS NULL)
      AND (k.last_used_at IS NULL OR k.last_used_at < p_now - p_touch_after)
  ),
  fresh AS (
    SELECT i.*, gen_random_uuid() AS id
    FROM item i
    WHERE i.refusal IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM calls c WHERE c.business_id = i.business_id AND c.external_id = i.report->>'externalId'
      )
      AND NOT EXISTS (
        SELECT 1 FROM item j
        WHERE j.refusal IS NULL AND j.business_id = i.business_id
          AND j.report->>'externalId' = i.report->>'externalId' AND j.ord < i.ord
      )
      AND i.started_at > coalesce(
        (SELECT max(c.started_at) FROM calls c WHERE c.business_id = i.business_id), '-infinity'::timestamptz
      )
  ),
  placed AS (
    SELECT f.*,
      calls_count(f.business_id, NULL)
        + row_number() OVER (PARTITION BY f.business_id ORDER BY f.started_at, f.id) AS seq,
      calls_count(f.business_id, f.report->>'status')
        + row_number() OVER (PARTITION BY f.business_id, f.report->>'status' ORDER BY f.started_at, f.id)
        AS status_seq
    FROM fresh f
  ),
  inserted AS (
    INSERT INTO calls (
      id, business_id, external_id, caller_number, caller_name, started_at, status, duration_seconds,
      outcome, summary, transcript, recording_url, service_name, seq, status_seq, created_at, updated_at
    )
    SELECT p.id, p.business_id, p.report->>'externalId', p.report->>'callerNumber', p.report->>'callerName',
      p.started_at, p.report->>'status', coalesce((p.report->>'durationSeconds')::integer, 0),
      p.report->>'outcome', p.report->>'summary', coalesce(p.report->'transcript', '[]'::jsonb),
      p.report->>'recordingUrl', p.report->>'serviceName', p.seq, p.status_seq, p_now, p_now
    FROM placed p
  )
  SELECT
    (SELECT coalesce(array_agg(p.ord), '{}') FROM placed p),
    (SELECT coalesce(array_agg(p.id), '{}') FROM placed p),
    (SELECT coalesce(array_agg(i.ord), '{}') FROM item i WHERE i.refusal IS NOT NULL),
    (SELECT coalesce(array_agg(i.refusal), '{}') FROM item i WHERE i.refusal IS NOT NULL)
  INTO v_ords, v_ids, v_refused, v_refusals;

  RETURN QUERY
    SELECT u.ord, u.id, true, NULL::text FROM unnest(v_ords, v_ids) AS u(ord, id)
    UNION ALL
    SELECT r.ord, NULL::uuid, false, r.refusal FROM unnest(v_refused, v_refusals) AS r(ord, refusal);

  IF cardinality(v_ords) + cardinality(v_refused) = jsonb_array_length(p_items) THEN
    RETURN;
  END IF;
  FOR v_item IN
    SELECT x.ordinality::integer AS ord, (x.value->>'business')::uuid AS business_id,
      (x.value->>'startedAt')::timestamptz AS started_at, x.value->'report' AS report
    FROM jsonb_array_elements(p_items) WITH ORDINALITY x
    WHERE x.ordinality <> ALL (v_ords) AND x.ordinality <> ALL (v_refused)
    ORDER BY x.ordinality
  LOOP
    RETURN QUERY
      SELECT v_item.ord, r.call_id, r.created, NULL::text
      FROM calls_report(v_item.business_id, v_item.report, v_item.started_at, p_now) r;
  END LOOP;
END;
$$;
--> statement-breakpoint

-- PL/pgSQL keeps a statement's plan, but after five executions it compares the generic plan's estimate with
-- the custom plans' and, for statements like "the newest n at or below a position" whose LIMIT and bounds
-- are parameters, keeps re-planning on every call: on PGlite that planning took half of each list request.
-- Every statement of the read functions and of the batch's own placement is an index probe or a short index
-- range whatever the values, so the one generic plan is the right plan.
ALTER FUNCTION calls_page(uuid, text, timestamptz, timestamptz, integer, integer)
  SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION calls_stats(uuid, timestamptz, timestamptz, integer) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION calls_report_batch(jsonb, timestamptz, interval) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION assistant_keys_use(jsonb, timestamptz, interval) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint

-- Not so the single report: its shifts ("every call from position n on moves up one") are short only for the
-- values at hand, and a generic plan scans the whole table. It keeps the default choice even when the batch
-- calls it.
ALTER FUNCTION calls_report(uuid, jsonb, timestamptz, timestamptz) SET plan_cache_mode = auto;
--> statement-breakpoint

-- calls_page for a date range the server resolved in p_timezone, which it remembered as the business's: when
-- the business has since moved to another timezone, only {"currentTimezone": that one} (null: no such
-- business), so the range is read again in it. Spares a round trip for the timezone on every ranged page.
CREATE FUNCTION calls_page_in_zone(
  p_business uuid, p_timezone text, p_status text, p_from timestamptz, p_to timestamptz, p_page integer,
  p_limit integer
) RETURNS json
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_timezone text;
BEGIN
  SELECT timezone INTO v_timezone FROM businesses WHERE id = p_business;
  IF v_timezone IS DISTINCT FROM p_timezone THEN
    RETURN json_build_object('currentTimezone', v_timezone);
  END IF;
  RETURN calls_page(p_business, p_status, p_from, p_to, p_page, p_limit);
END;
$$;
