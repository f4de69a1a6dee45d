-- Call storage whose writes cost the same whatever the table holds (replaces 0002_call_positions).
-- Dense positions made every report of an older call shift all later calls; counts per stretch of time do
-- not: call_counts (see call-counts.schema.ts) holds, per business and status ('' = every status), how many
-- calls started in each UTC-aligned bucket of four widths, kept true by statement triggers on calls for every
-- write, so derived data cannot drift from the rows whoever writes them. A list page is then found by
-- walking counters from the newest end (calls_page), a total is a sum of a few dozen counters, and deleting
-- N calls decrements at most 8·N counters.

DROP FUNCTION calls_close_gap(uuid, integer, text);
--> statement-breakpoint
DROP FUNCTION calls_open_gap(uuid, uuid, timestamptz, text);
--> statement-breakpoint
DROP FUNCTION calls_change_status(uuid, integer, text, text);
--> statement-breakpoint
DROP FUNCTION calls_report_batch(jsonb, timestamptz, interval);
--> statement-breakpoint
DROP FUNCTION calls_stats(uuid, timestamptz, timestamptz, integer);
--> statement-breakpoint
DROP FUNCTION calls_page_in_zone(uuid, text, text, timestamptz, timestamptz, integer, integer);
--> statement-breakpoint
DROP FUNCTION calls_page(uuid, text, timestamptz, timestamptz, integer, integer);
--> statement-breakpoint
DROP FUNCTION calls_count_before(uuid, timestamptz, text);
--> statement-breakpoint
DROP FUNCTION calls_count_up_to(uuid, text, integer);
--> statement-breakpoint
DROP FUNCTION calls_count(uuid, text);
--> statement-breakpoint
DROP FUNCTION calls_report(uuid, jsonb, timestamptz, timestamptz);
--> statement-breakpoint
CREATE TABLE "call_counts" (
	"business_id" uuid NOT NULL,
	"status" text NOT NULL,
	"level" smallint NOT NULL,
	"bucket" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "call_counts_business_id_status_level_bucket_pk" PRIMARY KEY("business_id","status","level","bucket")
);
--> statement-breakpoint
DROP INDEX "calls_business_id_seq_idx";--> statement-breakpoint
DROP INDEX "calls_business_id_status_status_seq_idx";--> statement-breakpoint
DROP INDEX "calls_business_id_status_seq_idx";--> statement-breakpoint
ALTER TABLE "call_counts" ADD CONSTRAINT "call_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_business_id_status_started_at_id_idx" ON "calls" USING btree ("business_id","status","started_at","id");--> statement-breakpoint
ALTER TABLE "calls" DROP COLUMN "seq";--> statement-breakpoint
ALTER TABLE "calls" DROP COLUMN "status_seq";

--> statement-breakpoint

-- The bucket widths in seconds, finest first; each divides the next.
CREATE FUNCTION call_count_levels() RETURNS TABLE (level smallint, width bigint)
LANGUAGE sql IMMUTABLE AS $$
  VALUES (1::smallint, 3600::bigint), (2::smallint, 86400::bigint), (3::smallint, 1382400::bigint),
    (4::smallint, 22118400::bigint)
$$;
--> statement-breakpoint

-- Adds p_delta[i] calls of p_status[i] started at p_started_at[i] to business p_business[i]'s counters, at
-- every level and for '' too. Counters are upserted in key order, so two writers cannot deadlock on them. A
-- business being deleted (its calls going with it by cascade) has no counters left to keep.
CREATE FUNCTION call_counts_apply(
  p_business uuid[], p_status text[], p_started_at timestamptz[], p_delta integer[]
) RETURNS void
LANGUAGE sql AS $$
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
$$;
--> statement-breakpoint

CREATE FUNCTION calls_counted_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM call_counts_apply(array_agg(r.business_id), array_agg(r.status), array_agg(r.started_at), array_agg(1))
  FROM new_calls r;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

CREATE FUNCTION calls_counted_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM call_counts_apply(array_agg(r.business_id), array_agg(r.status), array_agg(r.started_at), array_agg(-1))
  FROM old_calls r;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- Only rows whose status or start time changed move between counters (a call's id never changes).
CREATE FUNCTION calls_counted_update() RETURNS trigger
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
  ) d;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

CREATE FUNCTION calls_counted_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM call_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

INSERT INTO call_counts (business_id, status, level, bucket, n)
SELECT c.business_id, k.status, l.level, floor(extract(epoch FROM c.started_at) / l.width)::bigint, count(*)::integer
FROM calls c
CROSS JOIN LATERAL (VALUES (c.status), ('')) AS k(status)
CROSS JOIN call_count_levels() AS l
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint

CREATE TRIGGER calls_counted_insert AFTER INSERT ON calls
  REFERENCING NEW TABLE AS new_calls FOR EACH STATEMENT EXECUTE FUNCTION calls_counted_insert();
--> statement-breakpoint
CREATE TRIGGER calls_counted_update AFTER UPDATE ON calls
  REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls FOR EACH STATEMENT EXECUTE FUNCTION calls_counted_update();
--> statement-breakpoint
CREATE TRIGGER calls_counted_delete AFTER DELETE ON calls
  REFERENCING OLD TABLE AS old_calls FOR EACH STATEMENT EXECUTE FUNCTION calls_counted_delete();
--> statement-breakpoint
CREATE TRIGGER calls_counted_truncate AFTER TRUNCATE ON calls
  FOR EACH STATEMENT EXECUTE FUNCTION calls_counted_truncate();
--> statement-breakpoint

-- [p_from, p_to) (either end null: unbounded) cut into parts, newest first, each either a range [lo, hi) of
-- one level's buckets that lie wholly inside, or a stretch at either end too short for an hour (level 0,
-- [raw_from, raw_to), to be counted from the calls themselves). The coarsest level that fits takes the
-- middle; each finer level fills what is left on either side of the coarser one. So a range of any length
-- is at most 2·(23 + 23 + 15) buckets beside its coarse middle, and the parts never overlap.
CREATE FUNCTION call_count_parts(p_from timestamptz, p_to timestamptz)
RETURNS TABLE (part integer, level smallint, lo bigint, hi bigint, raw_from timestamptz, raw_to timestamptz)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  -- Bucket indexes far beyond any time a call can carry stand for an open end.
  c_open constant bigint := 1000000000000;
  v_width bigint[] := ARRAY[3600, 86400, 1382400, 22118400];
  v_from numeric := extract(epoch FROM p_from);
  v_to numeric := extract(epoch FROM p_to);
  v_a bigint[] := '{}';
  v_b bigint[] := '{}';
  v_top integer := 0;
  v_part integer := 0;
BEGIN
  FOR l IN 1..4 LOOP
    v_a[l] := CASE WHEN v_from IS NULL THEN -c_open ELSE ceil(v_from / v_width[l]) END;
    v_b[l] := CASE WHEN v_to IS NULL THEN c_open ELSE floor(v_to / v_width[l]) END;
    IF v_a[l] < v_b[l] THEN
      v_top := l;
    END IF;
  END LOOP;
  IF v_top = 0 THEN
    RETURN QUERY SELECT 1, 0::smallint, NULL::bigint, NULL::bigint, p_from, p_to;
    RETURN;
  END IF;
  IF v_to IS NOT NULL AND v_b[1] * 3600 < v_to THEN
    v_part := v_part + 1;
    RETURN QUERY SELECT v_part, 0::smallint, NULL::bigint, NULL::bigint, to_timestamp(v_b[1] * 3600), p_to;
  END IF;
  FOR l IN 1..v_top - 1 LOOP
    v_part := v_part + 1;
    RETURN QUERY SELECT v_part, l::smallint, v_b[l + 1] * (v_width[l + 1] / v_width[l]), v_b[l], NULL::timestamptz,
      NULL::timestamptz;
  END LOOP;
  v_part := v_part + 1;
  RETURN QUERY SELECT v_part, v_top::smallint, v_a[v_top], v_b[v_top], NULL::timestamptz, NULL::timestamptz;
  FOR l IN REVERSE v_top - 1..1 LOOP
    v_part := v_part + 1;
    RETURN QUERY SELECT v_part, l::smallint, v_a[l], v_a[l + 1] * (v_width[l + 1] / v_width[l]), NULL::timestamptz,
      NULL::timestamptz;
  END LOOP;
  IF v_from IS NOT NULL AND v_a[1] * 3600 > v_from THEN
    v_part := v_part + 1;
    RETURN QUERY SELECT v_part, 0::smallint, NULL::bigint, NULL::bigint, p_from, to_timestamp(v_a[1] * 3600);
  END IF;
END;
$$;
--> statement-breakpoint

-- How many calls of business p_business (of p_status; null: any) started in [p_from, p_to): for the short
-- stretches at the ends of a range that no hour bucket covers.
CREATE FUNCTION calls_count_raw(p_business uuid, p_status text, p_from timestamptz, p_to timestamptz)
RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM calls
  WHERE business_id = p_business AND (p_status IS NULL OR status = p_status)
    AND started_at >= p_from AND started_at < p_to;
$$;
--> statement-breakpoint

-- GET /api/calls: page p_page (of p_limit, newest first) of the business's calls of p_status started in
-- [p_from, p_to) — each filter optional (null) — and the exact total, as {"total", "data"}. Counters are
-- summed newest first through the range's parts until the page's first call is passed; then, one level at a
-- time, the bucket holding it is narrowed down to its hour; the page is read from the end of that hour, at
-- an offset below the hour's own count.
CREATE FUNCTION calls_page(
  p_business uuid, p_status text, p_from timestamptz, p_to timestamptz, p_page integer, p_limit integer
) RETURNS json
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_key text := coalesce(p_status, '');
  v_skip bigint := (p_page - 1)::bigint * p_limit;
  v_width bigint[] := ARRAY[3600, 86400, 1382400, 22118400];
  v_total bigint;
  v_level smallint;
  v_bucket bigint;
  v_before bigint;
  v_raw_to timestamptz;
  v_upper timestamptz;
  v_data json;
BEGIN
  WITH counted AS (
    SELECT p.part, p.level, c.bucket, c.n::bigint AS n, NULL::timestamptz AS raw_to
    FROM call_count_parts(p_from, p_to) p
    JOIN call_counts c
      ON c.business_id = p_business AND c.status = v_key AND c.level = p.level AND c.bucket >= p.lo
        AND c.bucket < p.hi
    WHERE p.level > 0 AND c.n > 0
    UNION ALL
    SELECT p.part, p.level, NULL::bigint, calls_count_raw(p_business, p_status, p.raw_from, p.raw_to), p.raw_to
    FROM call_count_parts(p_from, p_to) p
    WHERE p.level = 0
  ),
  ranked AS (
    SELECT r.*, sum(r.n) OVER (ORDER BY r.part, r.bucket DESC) AS through FROM counted r
  )
  SELECT (SELECT coalesce(sum(n), 0) FROM counted), hit.level, hit.bucket, hit.through - hit.n, hit.raw_to
  INTO v_total, v_level, v_bucket, v_before, v_raw_to
  FROM (SELECT 1) one
  LEFT JOIN LATERAL (
    SELECT * FROM ranked WHERE ranked.through > v_skip ORDER BY ranked.part, ranked.bucket DESC LIMIT 1
  ) hit ON true;

  IF v_level IS NULL THEN
    RETURN json_build_object('total', v_total, 'data', '[]'::json);
  END IF;
  v_skip := v_skip - v_before;
  WHILE v_level > 1 LOOP
    SELECT s.bucket, s.through - s.n INTO v_bucket, v_before
    FROM (
      SELECT c.bucket, c.n, sum(c.n) OVER (ORDER BY c.bucket DESC) AS through
      FROM call_counts c
      WHERE c.business_id = p_business AND c.status = v_key AND c.level = v_level - 1
        AND c.bucket >= v_bucket * (v_width[v_level] / v_width[v_level - 1])
        AND c.bucket < (v_bucket + 1) * (v_width[v_level] / v_width[v_level - 1])
        AND c.n > 0
    ) s
    WHERE s.through > v_skip
    ORDER BY s.bucket DESC
    LIMIT 1;
    v_skip := v_skip - v_before;
    v_level := v_level - 1;
  END LOOP;
  v_upper := CASE WHEN v_level = 0 THEN v_raw_to ELSE to_timestamp((v_bucket + 1) * 3600) END;

  IF p_status IS NULL THEN
    SELECT json_agg(calls_summary_json(c.id, c.caller_number, c.caller_name, c.started_at, c.duration_seconds, c.status, c.outcome, c.summary, c.service_name) ORDER BY c.started_at DESC, c.id DESC) INTO v_data
    FROM (
      SELECT id, caller_number, caller_name, started_at, duration_seconds, status, outcome, summary, service_name
      FROM calls
      WHERE business_id = p_business AND started_at < v_upper AND started_at >= coalesce(p_from, '-infinity')
      ORDER BY started_at DESC, id DESC
      OFFSET v_skip LIMIT p_limit
    ) c;
  ELSE
    SELECT json_agg(calls_summary_json(c.id, c.caller_number, c.caller_name, c.started_at, c.duration_seconds, c.status, c.outcome, c.summary, c.service_name) ORDER BY c.started_at DESC, c.id DESC) INTO v_data
    FROM (
      SELECT id, caller_number, caller_name, started_at, duration_seconds, status, outcome, summary, service_name
      FROM calls
      WHERE business_id = p_business AND status = p_status AND started_at < v_upper
        AND started_at >= coalesce(p_from, '-infinity')
      ORDER BY started_at DESC, id DESC
      OFFSET v_skip LIMIT p_limit
    ) c;
  END IF;
  RETURN json_build_object('total', v_total, 'data', coalesce(v_data, '[]'::json));
END;
$$;
--> statement-breakpoint

-- calls_page for a date range the server resolved in p_timezone, which it remembered as the business's: when
-- the business has since moved to another timezone, only {"currentTimezone": that one} (null: no such
-- business), so the range is read again in it.
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
--> statement-breakpoint

-- How many of the business's calls started in [p_from, p_to) (null ends: unbounded), per status and '' for all.
CREATE FUNCTION calls_range_counts(p_business uuid, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (status text, n bigint)
LANGUAGE sql STABLE AS $$
  SELECT x.status, sum(x.n)::bigint
  FROM (
    SELECT c.status, c.n::bigint AS n
    FROM call_count_parts(p_from, p_to) p
    CROSS JOIN (VALUES (''), ('in-progress'), ('completed'), ('missed'), ('failed')) AS k(status)
    JOIN call_counts c
      ON c.business_id = p_business AND c.status = k.status AND c.level = p.level AND c.bucket >= p.lo
        AND c.bucket < p.hi
    WHERE p.level > 0
    UNION ALL
    SELECT k.status, count(*)
    FROM call_count_parts(p_from, p_to) p
    JOIN calls r ON r.business_id = p_business AND r.started_at >= p.raw_from AND r.started_at < p.raw_to
    CROSS JOIN LATERAL (VALUES (r.status), ('')) AS k(status)
    WHERE p.level = 0
    GROUP BY k.status
  ) x
  GROUP BY x.status;
$$;
--> statement-breakpoint

-- GET /api/dashboard/stats, its call half: counts for the day [p_day_start, p_day_end) and all time, and the
-- latest p_recent calls. Answered = completed + in-progress; missed = missed + failed.
CREATE FUNCTION calls_stats(p_business uuid, p_day_start timestamptz, p_day_end timestamptz, p_recent integer)
RETURNS json
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_today jsonb;
  v_ever jsonb;
  v_recent json;
BEGIN
  SELECT coalesce(jsonb_object_agg(t.status, t.n), '{}') INTO v_today
  FROM calls_range_counts(p_business, p_day_start, p_day_end) t;
  SELECT coalesce(jsonb_object_agg(t.status, t.n), '{}') INTO v_ever
  FROM calls_range_counts(p_business, NULL, NULL) t;
  SELECT json_agg(calls_summary_json(c.id, c.caller_number, c.caller_name, c.started_at, c.duration_seconds, c.status, c.outcome, c.summary, c.service_name) ORDER BY c.started_at DESC, c.id DESC) INTO v_recent
  FROM (
    SELECT id, caller_number, caller_name, started_at, duration_seconds, status, outcome, summary, service_name
    FROM calls WHERE business_id = p_business ORDER BY started_at DESC, id DESC LIMIT p_recent
  ) c;
  RETURN json_build_object(
    'callsToday', coalesce((v_today->>'')::integer, 0),
    'answeredToday', coalesce((v_today->>'completed')::integer, 0) + coalesce((v_today->>'in-progress')::integer, 0),
    'missedToday', coalesce((v_today->>'missed')::integer, 0) + coalesce((v_today->>'failed')::integer, 0),
    'totalCalls', coalesce((v_ever->>'')::integer, 0),
    'missedCalls', coalesce((v_ever->>'missed')::integer, 0) + coalesce((v_ever->>'failed')::integer, 0),
    'recentCalls', coalesce(v_recent, '[]'::json)
  );
END;
$$;
--> statement-breakpoint

-- One validated call report (jsonb, field names of the callReport schema), upserted by (business, externalId):
--   * an optional field absent from the report keeps its stored value; JSON null clears it;
--   * a report saying `in-progress` about a call already finished (completed, missed, failed) is stale — a
--     retry or a late delivery — and changes nothing: the finished call stands as stored.
-- Returns the call's id and whether this report created it. The batch below applies the same rules to many.
CREATE FUNCTION calls_report(p_business uuid, p_report jsonb, p_started_at timestamptz, p_now timestamptz)
RETURNS TABLE (call_id uuid, created boolean)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_status text := p_report->>'status';
  v_old record;
  v_id uuid;
BEGIN
  PERFORM calls_lock_business(p_business);
  SELECT c.id, c.status INTO v_old
  FROM calls c
  WHERE c.business_id = p_business AND c.external_id = p_report->>'externalId';

  IF v_old.id IS NOT NULL AND v_old.status <> 'in-progress' AND v_status = 'in-progress' THEN
    RETURN QUERY SELECT v_old.id, false;
    RETURN;
  END IF;

  v_id := coalesce(v_old.id, gen_random_uuid());
  INSERT INTO calls AS c (
    id, business_id, external_id, caller_number, caller_name, started_at, status, duration_seconds,
    outcome, summary, transcript, recording_url, service_name, created_at, updated_at
  ) VALUES (
    v_id, p_business, p_report->>'externalId', p_report->>'callerNumber', p_report->>'callerName',
    p_started_at, v_status, coalesce((p_report->>'durationSeconds')::integer, 0),
    p_report->>'outcome', p_report->>'summary', coalesce(p_report->'transcript', '[]'::jsonb),
    p_report->>'recordingUrl', p_report->>'serviceName', p_now, p_now
  )
  ON CONFLICT (business_id, external_id) DO UPDATE SET
    caller_number = excluded.caller_number,
    caller_name = CASE WHEN p_report ? 'callerName' THEN excluded.caller_name ELSE c.caller_name END,
    started_at = excluded.started_at,
    status = excluded.status,
    duration_seconds = CASE WHEN p_report ? 'durationSeconds'
      THEN excluded.duration_seconds ELSE c.duration_seconds END,
    outcome = CASE WHEN p_report ? 'outcome' THEN excluded.outcome ELSE c.outcome END,
    summary = CASE WHEN p_report ? 'summary' THEN excluded.summary ELSE c.summary END,
    transcript = CASE WHEN p_report ? 'transcript' THEN excluded.transcript ELSE c.transcript END,
    recording_url = CASE WHEN p_report ? 'recordingUrl' THEN excluded.recording_url ELSE c.recording_url END,
    service_name = CASE WHEN p_report ? 'serviceName' THEN excluded.service_name ELSE c.service_name END,
    updated_at = excluded.updated_at;

  RETURN QUERY SELECT v_id, v_old.id IS NULL;
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
CREATE FUNCTION calls_report_batch(p_items jsonb, p_now timestamptz, p_touch_after interval)
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
  first_of_call AS (
    SELECT i.ord, i.business_id, i.started_at, i.report, coalesce(c.id, gen_random_uuid()) AS id,
      c.id IS NULL AS created,
      c.id IS NOT NULL AND c.status <> 'in-progress' AND i.report->>'status' = 'in-progress' AS stale,
      c.caller_name, c.duration_seconds, c.outcome, c.summary, c.transcript, c.recording_url, c.service_name,
      c.created_at
    FROM item i
    LEFT JOIN calls c ON c.business_id = i.business_id AND c.external_id = i.report->>'externalId'
    WHERE i.refusal IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM item j
        WHERE j.refusal IS NULL AND j.business_id = i.business_id
          AND j.report->>'externalId' = i.report->>'externalId' AND j.ord < i.ord
      )
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
--> statement-breakpoint

-- Deletes the business's oldest calls that started before p_before, at most p_limit of them, and returns how
-- many: index order from the oldest, so the cost is that of the calls deleted. The delete trigger takes them
-- off the counters; counters left at zero within the purged stretch are dropped too.
CREATE FUNCTION calls_purge(p_business uuid, p_before timestamptz, p_limit integer) RETURNS integer
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_deleted integer;
  v_first timestamptz;
  v_last timestamptz;
BEGIN
  PERFORM calls_lock_business(p_business);
  WITH gone AS (
    DELETE FROM calls
    WHERE id IN (
      SELECT id FROM calls
      WHERE business_id = p_business AND started_at < p_before
      ORDER BY started_at, id
      LIMIT p_limit
    )
    RETURNING started_at
  )
  SELECT count(*), min(started_at), max(started_at) INTO v_deleted, v_first, v_last FROM gone;
  IF v_deleted > 0 THEN
    DELETE FROM call_counts c
    USING call_count_levels() l, (VALUES (''), ('in-progress'), ('completed'), ('missed'), ('failed')) AS k(status)
    WHERE c.business_id = p_business AND c.status = k.status AND c.level = l.level AND c.n = 0
      AND c.bucket >= floor(extract(epoch FROM v_first) / l.width)
      AND c.bucket <= floor(extract(epoch FROM v_last) / l.width);
  END IF;
  RETURN v_deleted;
END;
$$;
