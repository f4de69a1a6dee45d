-- calls_page (0007_counter_walk_plans) for the pages people open most — the first few, and the last few that
-- Last opens — skips the walk down to an hour: within 200 rows of either end of the range, an index scan from
-- that end is cheaper than the three statements of the walk.

CREATE OR REPLACE FUNCTION calls_page(
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
  -- Rows an index scan may step over from either end before walking the counters is cheaper.
  c_short constant bigint := 200;
  v_tail bigint;
BEGIN
  WITH parts AS MATERIALIZED (
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
    v_before := 0;
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
