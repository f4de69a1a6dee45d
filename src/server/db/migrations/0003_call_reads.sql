-- The hot reads of calls, as functions: PL/pgSQL keeps each statement's plan for the connection's lifetime,
-- and on PGlite planning a many-subquery statement costs several times its execution. Every count is a
-- difference of positions (see 0002_call_positions), found by index probes: no OFFSET, no count(*).

-- A call as the callSummary schema, from its columns (not the whole row: that would drag the transcript
-- along); times as ISO 8601 UTC text, the same on every driver and session timezone.
CREATE FUNCTION calls_summary_json(
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
--> statement-breakpoint

-- How many of the business's calls (of p_status, when not null) there are.
CREATE FUNCTION calls_count(p_business uuid, p_status text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_status IS NULL THEN
    RETURN coalesce((SELECT max(seq) FROM calls WHERE business_id = p_business), 0);
  END IF;
  RETURN coalesce((SELECT max(status_seq) FROM calls WHERE business_id = p_business AND status = p_status), 0);
END;
$$;
--> statement-breakpoint

-- How many calls of p_status hold an overall position up to p_seq: the status position of the last of them
-- (both positions follow the same order).
CREATE FUNCTION calls_count_up_to(p_business uuid, p_status text, p_seq integer) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((
    SELECT status_seq FROM calls
    WHERE business_id = p_business AND status = p_status AND seq <= p_seq
    ORDER BY seq DESC
    LIMIT 1
  ), 0);
END;
$$;
--> statement-breakpoint

-- How many of the business's calls (of p_status, when not null) started before p_at: the position of the last
-- of them overall, then within the status.
CREATE FUNCTION calls_count_before(p_business uuid, p_at timestamptz, p_status text) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_seq integer;
BEGIN
  v_seq := coalesce((
    SELECT seq FROM calls
    WHERE business_id = p_business AND started_at < p_at
    ORDER BY started_at DESC, id DESC
    LIMIT 1
  ), 0);
  IF p_status IS NULL THEN
    RETURN v_seq;
  END IF;
  RETURN calls_count_up_to(p_business, p_status, v_seq);
END;
$$;
--> statement-breakpoint

-- GET /api/calls: page p_page (of p_limit, newest first) of the business's calls of p_status started in
-- [p_from, p_to) — each filter optional (null) — and the exact total, as {"total", "data"}. The calls in range
-- hold positions (lo, hi]; the page holds (hi − page·limit, hi − (page−1)·limit] of them, read as "the
-- newest n at or below a position" so the cached plan is an index scan whatever the bounds.
CREATE FUNCTION calls_page(
  p_business uuid, p_status text, p_from timestamptz, p_to timestamptz, p_page integer, p_limit integer
) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_lo integer := 0;
  v_hi integer;
  v_last integer;
  v_count integer;
  v_data json;
BEGIN
  IF p_from IS NOT NULL THEN
    v_lo := calls_count_before(p_business, p_from, p_status);
  END IF;
  IF p_to IS NULL THEN
    v_hi := calls_count(p_business, p_status);
  ELSE
    v_hi := calls_count_before(p_business, p_to, p_status);
  END IF;
  v_last := v_hi - (p_page - 1) * p_limit;
  v_count := greatest(least(p_limit, v_last - v_lo), 0);
  IF p_status IS NULL THEN
    SELECT json_agg(calls_summary_json(c.id, c.caller_number, c.caller_name, c.started_at, c.duration_seconds, c.status, c.outcome, c.summary, c.service_name) ORDER BY c.seq DESC) INTO v_data
    FROM (
      SELECT id, caller_number, caller_name, started_at, duration_seconds, status, outcome, summary, service_name, seq FROM calls
      WHERE business_id = p_business AND seq <= v_last
      ORDER BY seq DESC
      LIMIT v_count
    ) c;
  ELSE
    SELECT json_agg(calls_summary_json(c.id, c.caller_number, c.caller_name, c.started_at, c.duration_seconds, c.status, c.outcome, c.summary, c.service_name) ORDER BY c.status_seq DESC) INTO v_data
    FROM (
      SELECT id, caller_number, caller_name, started_at, duration_seconds, status, outcome, summary, service_name, status_seq FROM calls
      WHERE business_id = p_business AND status = p_status AND status_seq <= v_last
      ORDER BY status_seq DESC
      LIMIT v_count
    ) c;
  END IF;
  RETURN json_build_object('total', greatest(v_hi - v_lo, 0), 'data', coalesce(v_data, '[]'::json));
END;
$$;
--> statement-breakpoint

-- GET /api/dashboard/stats, its call half: counts for the day [p_day_start, p_day_end) and all time, and the
-- latest p_recent calls. Answered = completed + in-progress; missed = missed + failed.
CREATE FUNCTION calls_stats(p_business uuid, p_day_start timestamptz, p_day_end timestamptz, p_recent integer)
RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_start integer := calls_count_before(p_business, p_day_start, NULL);
  v_end integer := calls_count_before(p_business, p_day_end, NULL);
  v_recent json;
BEGIN
  SELECT json_agg(calls_summary_json(c.id, c.caller_number, c.caller_name, c.started_at, c.duration_seconds, c.status, c.outcome, c.summary, c.service_name) ORDER BY c.seq DESC) INTO v_recent
  FROM (SELECT id, caller_number, caller_name, started_at, duration_seconds, status, outcome, summary, service_name, seq FROM calls WHERE business_id = p_business ORDER BY seq DESC LIMIT p_recent) c;
  RETURN json_build_object(
    'callsToday', v_end - v_start,
    'answeredToday',
      calls_count_up_to(p_business, 'completed', v_end) - calls_count_up_to(p_business, 'completed', v_start)
      + calls_count_up_to(p_business, 'in-progress', v_end) - calls_count_up_to(p_business, 'in-progress', v_start),
    'missedToday',
      calls_count_up_to(p_business, 'missed', v_end) - calls_count_up_to(p_business, 'missed', v_start)
      + calls_count_up_to(p_business, 'failed', v_end) - calls_count_up_to(p_business, 'failed', v_start),
    'totalCalls', calls_count(p_business, NULL),
    'missedCalls', calls_count(p_business, 'missed') + calls_count(p_business, 'failed'),
    'recentCalls', coalesce(v_recent, '[]'::json)
  );
END;
$$;
--> statement-breakpoint

-- The X-Api-Key check: the active key with this hash, its business and that business's timezone. Stamps
-- last_used_at only when the stored stamp is older than p_touch_after, so a busy key is not rewritten per request.
CREATE FUNCTION assistant_key_use(p_key_hash text, p_now timestamptz, p_touch_after interval)
RETURNS TABLE (key_id uuid, business_id uuid, timezone text)
LANGUAGE plpgsql AS $$
DECLARE
  v_key record;
BEGIN
  SELECT k.id, k.business_id, k.last_used_at INTO v_key
  FROM assistant_keys k
  WHERE k.key_hash = p_key_hash AND k.revoked_at IS NULL;
  IF v_key.id IS NULL THEN
    RETURN;
  END IF;
  IF v_key.last_used_at IS NULL OR v_key.last_used_at < p_now - p_touch_after THEN
    UPDATE assistant_keys SET last_used_at = p_now WHERE id = v_key.id;
  END IF;
  RETURN QUERY SELECT v_key.id, b.id, b.timezone FROM businesses b WHERE b.id = v_key.business_id;
END;
$$;
