-- The calls list (GET /api/calls, calls.repo.ts) and the dashboard's call figures (call-stats.repo.ts).

-- A call as the callSummary schema, from its columns (not the whole row: that would drag the transcript
-- along); times as ISO 8601 UTC text, the same on every driver and session timezone.
CREATE OR REPLACE FUNCTION calls_summary_json(
  p_id uuid, p_caller_number text, p_caller_name text, p_started_at timestamptz, p_duration_seconds integer,
  p_status text, p_outcome text, p_summary text, p_service_name text
) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    '_id', p_id,
    'fromNumber', p_caller_number,
    'customerName', p_caller_name,
    'startTime', to_char(p_started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'duration', p_duration_seconds,
    'status', p_status,
    'outcome', p_outcome,
    'summary', p_summary,
    'serviceName', p_service_name
  );
$$;

-- GET /api/calls: page p_page (of p_limit, newest first) of the business's calls of p_status started in
-- [p_from, p_to) — each filter optional (null) — and the exact total, as {"total", "data"}. A page within
-- c_short rows of either end of the range (the first pages, and the last ones that Last opens) is read by an
-- index scan from that end. Any other is found by summing the range's counters newest first until the page's
-- first call is passed, then narrowing the bucket holding it down to its hour, a level at a time, and reading
-- from the end of that hour at an offset below the hour's own count. Total, bucket and walk are one statement:
-- on PGlite a statement's fixed cost is several times that of the few counter rows each level reads.
CREATE OR REPLACE FUNCTION calls_page(
  p_business uuid, p_status text, p_from timestamptz, p_to timestamptz, p_page integer, p_limit integer
) RETURNS json
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_key text := coalesce(p_status, '');
  v_skip bigint := (p_page - 1)::bigint * p_limit;
  v_total bigint;
  v_level smallint;
  v_bucket bigint;
  v_offset bigint;
  v_raw_to timestamptz;
  v_upper timestamptz;
  v_data json;
  -- Rows an index scan may step over from either end before walking the counters is cheaper.
  c_short constant bigint := 200;
  v_tail bigint;
BEGIN
  WITH RECURSIVE parts AS MATERIALIZED (
    SELECT * FROM call_count_parts(p_from, p_to)
  ),
  counted AS (
    SELECT p.part, p.level, c.bucket, c.n::bigint AS n, NULL::timestamptz AS raw_to
    FROM parts p
    CROSS JOIN LATERAL (
      SELECT cc.bucket, cc.n FROM call_counts cc
      WHERE cc.business_id = p_business AND cc.status = v_key AND cc.level = p.level AND cc.bucket >= p.lo
        AND cc.bucket < p.hi AND cc.n > 0
      OFFSET 0
    ) c
    WHERE p.level > 0
    UNION ALL
    SELECT p.part, p.level, NULL::bigint, calls_count_raw(p_business, p_status, p.raw_from, p.raw_to), p.raw_to
    FROM parts p
    WHERE p.level = 0
  ),
  total AS (
    SELECT coalesce(sum(n), 0)::bigint AS n FROM counted
  ),
  -- The part or bucket holding the page's first call, and how many of its calls come before that one.
  hit AS (
    SELECT r.level, r.bucket, (v_skip - (r.through - r.n))::bigint AS skip, r.raw_to
    FROM (SELECT counted.*, sum(counted.n) OVER (ORDER BY counted.part, counted.bucket DESC) AS through
      FROM counted) r
    WHERE r.through > v_skip
    ORDER BY r.part, r.bucket DESC
    LIMIT 1
  ),
  -- Down from that bucket to its hour, unless the page is read from an end: at each level, among the
  -- bucket's children newest first, the one where the running count passes the calls still to skip.
  walk AS (
    SELECT hit.level, hit.bucket, hit.skip
    FROM hit, total
    WHERE hit.level > 1 AND v_skip >= c_short AND total.n - v_skip - p_limit >= c_short
    UNION ALL
    SELECT pick.level, pick.bucket, pick.skip
    FROM walk w
    JOIN call_count_fans() f ON f.level = w.level
    CROSS JOIN LATERAL (
      SELECT x.level, x.bucket, (w.skip - (x.through - x.n))::bigint AS skip
      FROM (
        SELECT c.level, c.bucket, c.n, sum(c.n) OVER (ORDER BY c.bucket DESC) AS through
        FROM call_counts c
        WHERE c.business_id = p_business AND c.status = v_key AND c.level = w.level - 1
          AND c.bucket >= w.bucket * f.fan AND c.bucket < (w.bucket + 1) * f.fan AND c.n > 0
      ) x
      WHERE x.through > w.skip
      ORDER BY x.bucket DESC
      LIMIT 1
    ) pick
    WHERE w.level > 1
  )
  SELECT total.n, coalesce(deepest.level, hit.level), coalesce(deepest.bucket, hit.bucket),
    coalesce(deepest.skip, hit.skip), hit.raw_to
  INTO v_total, v_level, v_bucket, v_offset, v_raw_to
  FROM total
  LEFT JOIN hit ON true
  LEFT JOIN LATERAL (SELECT * FROM walk ORDER BY walk.level LIMIT 1) deepest ON true;

  IF v_level IS NULL THEN
    RETURN json_build_object('total', v_total, 'data', '[]'::json);
  END IF;

  -- The first pages and the last ones (what First and Last open) are read from their own end of the range.
  v_tail := v_total - v_skip - p_limit;
  IF v_skip >= c_short AND v_tail < c_short THEN
    IF p_status IS NULL THEN
      SELECT json_agg(calls_summary_json(c.id, c.caller_number, c.caller_name, c.started_at, c.duration_seconds, c.status, c.outcome, c.summary, c.service_name) ORDER BY c.started_at DESC, c.id DESC) INTO v_data
      FROM (
        SELECT id, caller_number, caller_name, started_at, duration_seconds, status, outcome, summary, service_name
        FROM calls
        WHERE business_id = p_business
          AND started_at >= coalesce(p_from, '-infinity') AND started_at < coalesce(p_to, 'infinity')
        ORDER BY started_at, id
        OFFSET greatest(v_tail, 0) LIMIT least(p_limit, v_total - v_skip)
      ) c;
    ELSE
      SELECT json_agg(calls_summary_json(c.id, c.caller_number, c.caller_name, c.started_at, c.duration_seconds, c.status, c.outcome, c.summary, c.service_name) ORDER BY c.started_at DESC, c.id DESC) INTO v_data
      FROM (
        SELECT id, caller_number, caller_name, started_at, duration_seconds, status, outcome, summary, service_name
        FROM calls
        WHERE business_id = p_business AND status = p_status
          AND started_at >= coalesce(p_from, '-infinity') AND started_at < coalesce(p_to, 'infinity')
        ORDER BY started_at, id
        OFFSET greatest(v_tail, 0) LIMIT least(p_limit, v_total - v_skip)
      ) c;
    END IF;
    RETURN json_build_object('total', v_total, 'data', coalesce(v_data, '[]'::json));
  END IF;
  IF v_skip < c_short THEN
    v_level := 0;
    v_raw_to := coalesce(p_to, 'infinity');
    v_offset := v_skip;
  END IF;

  v_upper := CASE WHEN v_level = 0 THEN v_raw_to ELSE to_timestamp((v_bucket + 1) * 3600) END;

  IF p_status IS NULL THEN
    SELECT json_agg(calls_summary_json(c.id, c.caller_number, c.caller_name, c.started_at, c.duration_seconds, c.status, c.outcome, c.summary, c.service_name) ORDER BY c.started_at DESC, c.id DESC) INTO v_data
    FROM (
      SELECT id, caller_number, caller_name, started_at, duration_seconds, status, outcome, summary, service_name
      FROM calls
      WHERE business_id = p_business AND started_at < v_upper AND started_at >= coalesce(p_from, '-infinity')
      ORDER BY started_at DESC, id DESC
      OFFSET v_offset LIMIT p_limit
    ) c;
  ELSE
    SELECT json_agg(calls_summary_json(c.id, c.caller_number, c.caller_name, c.started_at, c.duration_seconds, c.status, c.outcome, c.summary, c.service_name) ORDER BY c.started_at DESC, c.id DESC) INTO v_data
    FROM (
      SELECT id, caller_number, caller_name, started_at, duration_seconds, status, outcome, summary, service_name
      FROM calls
      WHERE business_id = p_business AND status = p_status AND started_at < v_upper
        AND started_at >= coalesce(p_from, '-infinity')
      ORDER BY started_at DESC, id DESC
      OFFSET v_offset LIMIT p_limit
    ) c;
  END IF;
  RETURN json_build_object('total', v_total, 'data', coalesce(v_data, '[]'::json));
END;
$$;

-- calls_page for a date range the server resolved in p_timezone, which it remembered as the business's: when
-- the business has since moved to another timezone, only {"currentTimezone": that one} (null: no such
-- business), so the range is read again in it.
CREATE OR REPLACE FUNCTION calls_page_in_zone(
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

-- GET /api/dashboard/stats, its call half: counts for the day [p_day_start, p_day_end) and all time, and the
-- latest p_recent calls. Answered = completed + in-progress; missed = missed + failed. All-time totals are
-- the sums of the coarsest counters (every call is in exactly one of them), read for the three statuses
-- shown, plus the calls the retention purge deleted (purged_call_counts). The purge never deletes a call of
-- the business's today (privacy/retention-purge.ts), so today's counts need no such addition.
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
  SELECT v_total + coalesce(sum(p.n), 0),
    v_missed + coalesce(sum(p.n) FILTER (WHERE p.status IN ('missed', 'failed')), 0)
  INTO v_total, v_missed
  FROM purged_call_counts p
  WHERE p.business_id = p_business;
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
