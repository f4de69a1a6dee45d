-- Two costs of 0005_call_counts found under load:
--   * calls_report_batch found the first report of each call in a batch by comparing every item with every
--     other: fine for the dozen reports that arrive together, quadratic for a 1,000-report history import. A
--     window over the batch finds them in one sort.
--   * call_counts_apply, run by the triggers of every write, was a SQL function, planned afresh on every call;
--     as PL/pgSQL its statement keeps one plan per connection.

CREATE OR REPLACE FUNCTION call_counts_apply(
  p_business uuid[], p_status text[], p_started_at timestamptz[], p_delta integer[]
) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO call_counts AS cc (business_id, status, level, bucket, n)
  SELECT d.business_id, k.status, l.level, floor(extract(epoch FROM d.started_at) / l.width)::bigint,
    sum(d.delta)::integer
  FROM unnest(p_business, p_status, p_started_at, p_delta) AS d(business_id, status, started_at, delta)
  CROSS JOIN LATERAL (VALUES (d.status), ('')) AS k(status)
  CROSS JOIN call_count_levels() AS l
  WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = d.business_id)
  GROUP BY 1, 2, 3, 4
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, status, level, bucket) DO UPDATE SET n = cc.n + excluded.n;
END;
$$;
--> statement-breakpoint

-- Several validated call reports in one transaction, with calls_report's rules for each, each on the word of
-- an assistant key that this same statement confirms. p_items is a JSON array of
--   {"key": uuid, "business": uuid, "timezone": text | null, "startedAt": instant, "report": callReport}
-- where "timezone" is the business timezone the start time was read in (null when the report gave an offset).
-- An item is refused, and nothing of it stored, when its key is no longer active for its business ('key') or
-- the business has since moved to another timezone ('timezone'). The answer has a row per item, by its
-- 1-based position in the array. Keys used are stamped as assistant_keys_use does.
--
-- The first report of each call in the batch — new or an update, in any order of start times — is written by
-- one multi-row upsert, its optional fields merged with the stored call here; a second report of the same
-- call in the batch then goes through calls_report, in array order.
CREATE OR REPLACE FUNCTION calls_report_batch(p_items jsonb, p_now timestamptz, p_touch_after interval)
RETURNS TABLE (o_ord integer, o_call_id uuid, o_created boolean, o_refusal text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_ords integer[];
  v_ids uuid[];
  v_created boolean[];
  v_refused integer[];
  v_refusals text[];
  v_item record;
BEGIN
  -- In a fixed order, so that two batches naming the same businesses cannot deadlock.
  PERFORM calls_lock_business(b.business_id)
  FROM (
    SELECT DISTINCT (x->>'business')::uuid AS business_id FROM jsonb_array_elements(p_items) x ORDER BY 1
  ) b;

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
  accepted AS (
    SELECT i.*, i.report->>'externalId' AS external_id,
      row_number() OVER (PARTITION BY i.business_id, i.report->>'externalId' ORDER BY i.ord) AS nth
    FROM item i
    WHERE i.refusal IS NULL
  ),
  first_of_call AS (
    SELECT a.ord, a.business_id, a.started_at, a.report, coalesce(c.id, gen_random_uuid()) AS id,
      c.id IS NULL AS created,
      c.id IS NOT NULL AND c.status <> 'in-progress' AND a.report->>'status' = 'in-progress' AS stale,
      c.caller_name, c.duration_seconds, c.outcome, c.summary, c.transcript, c.recording_url, c.service_name,
      c.created_at
    FROM accepted a
    LEFT JOIN calls c ON c.business_id = a.business_id AND c.external_id = a.external_id
    WHERE a.nth = 1
  ),
  written AS (
    INSERT INTO calls AS c (
      id, business_id, external_id, caller_number, caller_name, started_at, status, duration_seconds,
      outcome, summary, transcript, recording_url, service_name, created_at, updated_at
    )
    SELECT f.id, f.business_id, f.report->>'externalId', f.report->>'callerNumber',
      CASE WHEN f.report ? 'callerName' THEN f.report->>'callerName' ELSE f.caller_name END,
      f.started_at, f.report->>'status',
      CASE WHEN f.report ? 'durationSeconds'
        THEN coalesce((f.report->>'durationSeconds')::integer, 0) ELSE coalesce(f.duration_seconds, 0) END,
      CASE WHEN f.report ? 'outcome' THEN f.report->>'outcome' ELSE f.outcome END,
      CASE WHEN f.report ? 'summary' THEN f.report->>'summary' ELSE f.summary END,
      CASE WHEN f.report ? 'transcript'
        THEN coalesce(f.report->'transcript', '[]'::jsonb) ELSE coalesce(f.transcript, '[]'::jsonb) END,
      CASE WHEN f.report ? 'recordingUrl' THEN f.report->>'recordingUrl' ELSE f.recording_url END,
      CASE WHEN f.report ? 'serviceName' THEN f.report->>'serviceName' ELSE f.service_name END,
      coalesce(f.created_at, p_now), p_now
    FROM first_of_call f
    WHERE NOT f.stale
    ORDER BY f.business_id, f.report->>'externalId'
    ON CONFLICT (business_id, external_id) DO UPDATE SET
      caller_number = excluded.caller_number,
      caller_name = excluded.caller_name,
      started_at = excluded.started_at,
      status = excluded.status,
      duration_seconds = excluded.duration_seconds,
      outcome = excluded.outcome,
      summary = excluded.summary,
      transcript = excluded.transcript,
      recording_url = excluded.recording_url,
      service_name = excluded.service_name,
      updated_at = excluded.updated_at
  )
  SELECT
    (SELECT coalesce(array_agg(f.ord ORDER BY f.ord), '{}') FROM first_of_call f),
    (SELECT coalesce(array_agg(f.id ORDER BY f.ord), '{}') FROM first_of_call f),
    (SELECT coalesce(array_agg(f.created AND NOT f.stale ORDER BY f.ord), '{}') FROM first_of_call f),
    (SELECT coalesce(array_agg(i.ord ORDER BY i.ord), '{}') FROM item i WHERE i.refusal IS NOT NULL),
    (SELECT coalesce(array_agg(i.refusal ORDER BY i.ord), '{}') FROM item i WHERE i.refusal IS NOT NULL)
  INTO v_ords, v_ids, v_created, v_refused, v_refusals;

  RETURN QUERY
    SELECT u.ord, u.id, u.created, NULL::text FROM unnest(v_ords, v_ids, v_created) AS u(ord, id, created)
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
