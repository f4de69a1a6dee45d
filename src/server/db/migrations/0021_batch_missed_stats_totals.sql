-- Two costs found at 200,000 calls:
--   * A live batch that held a missed call wrote its 'call.missed' outbox rows from a second query around
--     calls_report_batch, which parsed the whole JSON payload again to find each call's last report. The
--     batch now writes them itself, from the rows it has already read and written (p_notify_missed).
--   * calls_stats summed all-time totals through calls_range_counts over an unbounded range: an index probe
--     per empty finer part and status (~300 buffers). The coarsest counters of the three statuses it shows
--     hold the same totals in a handful of rows.
--   * A batch's upsert fires both the insert and the update trigger of calls, and one of the two usually
--     has no rows (all new calls, or all updates), yet still ran call_counts_apply's upsert on nothing.

DROP FUNCTION calls_report_batch(jsonb, timestamptz, interval);
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
--
-- With p_notify_missed, each call that this batch makes missed — new, or in progress until now — gets one
-- 'call.missed' outbox row, in the order of the reports; a call that was missed (or finished) before gets
-- none. A history import passes false: old calls are no news.
CREATE FUNCTION calls_report_batch(
  p_items jsonb, p_now timestamptz, p_touch_after interval, p_notify_missed boolean
) RETURNS TABLE (o_ord integer, o_call_id uuid, o_created boolean, o_refusal text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_ords integer[];
  v_ids uuid[];
  v_created boolean[];
  v_refused integer[];
  v_refusals text[];
  -- Calls with more than one report here that were new or in progress before: missed or not, only the
  -- last of their reports can tell.
  v_pending uuid[];
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
      row_number() OVER (PARTITION BY i.business_id, i.report->>'externalId' ORDER BY i.ord) AS nth,
      count(*) OVER (PARTITION BY i.business_id, i.report->>'externalId') AS reports
    FROM item i
    WHERE i.refusal IS NULL
  ),
  first_of_call AS (
    SELECT a.ord, a.business_id, a.started_at, a.report, a.reports, coalesce(c.id, gen_random_uuid()) AS id,
      c.id IS NULL AS created,
      c.id IS NOT NULL AND c.status <> 'in-progress' AND a.report->>'status' = 'in-progress' AS stale,
      c.id IS NULL OR c.status = 'in-progress' AS may_turn_missed,
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
  ),
  -- The call row it names is in place by the time the foreign key is checked, at the statement's end.
  missed AS (
    INSERT INTO outbox (business_id, topic, call_id, created_at)
    SELECT f.business_id, 'call.missed', f.id, p_now
    FROM first_of_call f
    WHERE p_notify_missed AND f.reports = 1 AND f.may_turn_missed AND f.report->>'status' = 'missed'
    ORDER BY f.ord
  )
  SELECT
    (SELECT coalesce(array_agg(f.ord ORDER BY f.ord), '{}') FROM first_of_call f),
    (SELECT coalesce(array_agg(f.id ORDER BY f.ord), '{}') FROM first_of_call f),
    (SELECT coalesce(array_agg(f.created AND NOT f.stale ORDER BY f.ord), '{}') FROM first_of_call f),
    (SELECT coalesce(array_agg(i.ord ORDER BY i.ord), '{}') FROM item i WHERE i.refusal IS NOT NULL),
    (SELECT coalesce(array_agg(i.refusal ORDER BY i.ord), '{}') FROM item i WHERE i.refusal IS NOT NULL),
    (SELECT coalesce(array_agg(f.id ORDER BY f.ord), '{}') FROM first_of_call f
      WHERE p_notify_missed AND f.reports > 1 AND f.may_turn_missed)
  INTO v_ords, v_ids, v_created, v_refused, v_refusals, v_pending;

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

  IF cardinality(v_pending) > 0 THEN
    INSERT INTO outbox (business_id, topic, call_id, created_at)
    SELECT c.business_id, 'call.missed', c.id, p_now
    FROM unnest(v_pending) WITH ORDINALITY AS p(id, nth)
    JOIN calls c ON c.id = p.id
    WHERE c.status = 'missed'
    ORDER BY p.nth;
  END IF;
END;
$$;
--> statement-breakpoint

-- GET /api/dashboard/stats, its call half: counts for the day [p_day_start, p_day_end) and all time, and the
-- latest p_recent calls. Answered = completed + in-progress; missed = missed + failed. All-time totals are
-- the sums of the coarsest counters (every call is in exactly one of them), read for the three statuses
-- shown.
CREATE OR REPLACE FUNCTION calls_stats(p_business uuid, p_day_start timestamptz, p_day_end timestamptz, p_recent integer)
RETURNS json
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_today jsonb;
  v_total bigint;
  v_missed bigint;
  v_recent json;
BEGIN
  SELECT coalesce(jsonb_object_agg(t.status, t.n), '{}') INTO v_today
  FROM calls_range_counts(p_business, p_day_start, p_day_end) t;
  SELECT coalesce(sum(c.n) FILTER (WHERE c.status = ''), 0), coalesce(sum(c.n) FILTER (WHERE c.status <> ''), 0)
  INTO v_total, v_missed
  FROM call_counts c
  WHERE c.business_id = p_business AND c.status IN ('', 'missed', 'failed') AND c.level = 4;
  SELECT json_agg(calls_summary_json(c.id, c.caller_number, c.caller_name, c.started_at, c.duration_seconds, c.status, c.outcome, c.summary, c.service_name) ORDER BY c.started_at DESC, c.id DESC) INTO v_recent
  FROM (
    SELECT id, caller_number, caller_name, started_at, duration_seconds, status, outcome, summary, service_name
    FROM calls WHERE business_id = p_business ORDER BY started_at DESC, id DESC LIMIT p_recent
  ) c;
  RETURN json_build_object(
    'callsToday', coalesce((v_today->>'')::integer, 0),
    'answeredToday', coalesce((v_today->>'completed')::integer, 0) + coalesce((v_today->>'in-progress')::integer, 0),
    'missedToday', coalesce((v_today->>'missed')::integer, 0) + coalesce((v_today->>'failed')::integer, 0),
    'totalCalls', v_total,
    'missedCalls', v_missed,
    'recentCalls', coalesce(v_recent, '[]'::json)
  );
END;
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION calls_counted_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM call_counts_apply(array_agg(r.business_id), array_agg(r.status), array_agg(r.started_at), array_agg(1))
  FROM new_calls r
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- Only rows whose status or start time changed move between counters (a call's id never changes).
CREATE OR REPLACE FUNCTION calls_counted_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM call_counts_apply(array_agg(d.business_id), array_agg(d.status), array_agg(d.started_at), array_agg(d.delta))
  FROM (
    SELECT moved.business_id, moved.status, moved.started_at, moved.delta
    FROM old_calls o
    JOIN new_calls n ON n.id = o.id
    CROSS JOIN LATERAL (
      VALUES (o.business_id, o.status, o.started_at, -1), (n.business_id, n.status, n.started_at, 1)
    ) AS moved(business_id, status, started_at, delta)
    WHERE (o.business_id, o.status, o.started_at) IS DISTINCT FROM (n.business_id, n.status, n.started_at)
  ) d
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$;
