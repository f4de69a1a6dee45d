-- Positions of calls (see calls.schema.ts). Invariants, per business:
--   seq        = 1..N, dense, in (started_at, id) order;
--   status_seq = 1..N_s, dense within each status, in the same order.
-- Every writer of calls holds the business's position lock until its transaction ends, so positions are
-- never computed from a stale view. Calls almost always arrive newest-last, so the room made for a new call
-- usually shifts no row at all; a late report of an older call shifts only the calls that started after it.

-- Serializes the writers of one business's calls (7301: this lock's namespace among advisory locks).
CREATE FUNCTION calls_lock_business(p_business uuid) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(7301, hashtext(p_business::text));
$$;
--> statement-breakpoint

-- Closes the gap a call leaves at position p_seq (its status being p_status).
CREATE FUNCTION calls_close_gap(p_business uuid, p_seq integer, p_status text) RETURNS void
LANGUAGE sql AS $$
  UPDATE calls
  SET seq = seq - 1,
      status_seq = status_seq - CASE WHEN status = p_status THEN 1 ELSE 0 END
  WHERE business_id = p_business AND seq > p_seq;
$$;
--> statement-breakpoint

-- Makes room for call p_id at (p_started_at, p_id) with status p_status, and returns the positions it takes.
-- The call's own row, if it exists, is ignored: its stored positions are about to be overwritten.
CREATE FUNCTION calls_open_gap(
  p_business uuid, p_id uuid, p_started_at timestamptz, p_status text,
  OUT o_seq integer, OUT o_status_seq integer
)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(max(before.seq), 0) + 1 INTO o_seq
  FROM (
    SELECT seq FROM calls
    WHERE business_id = p_business AND (started_at, id) < (p_started_at, p_id) AND id <> p_id
    ORDER BY started_at DESC, id DESC
    LIMIT 1
  ) before;
  SELECT coalesce(max(before.status_seq), 0) + 1 INTO o_status_seq
  FROM (
    SELECT status_seq FROM calls
    WHERE business_id = p_business AND status = p_status AND seq < o_seq AND id <> p_id
    ORDER BY seq DESC
    LIMIT 1
  ) before;
  -- Usually the call is the newest and nothing moves; asking first keeps the shift (a range UPDATE, which
  -- would be planned afresh on every call) off that path.
  IF o_seq <= coalesce((SELECT max(seq) FROM calls WHERE business_id = p_business AND id <> p_id), 0) THEN
    UPDATE calls
    SET seq = seq + 1,
        status_seq = status_seq + CASE WHEN status = p_status THEN 1 ELSE 0 END
    WHERE business_id = p_business AND seq >= o_seq AND id <> p_id;
  END IF;
END;
$$;
--> statement-breakpoint

-- Moves the call at position p_seq from status p_from to p_to; returns its new status position. Only the
-- calls that started after it shift (a live call finishing: usually none or a few).
CREATE FUNCTION calls_change_status(p_business uuid, p_seq integer, p_from text, p_to text) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_status_seq integer;
BEGIN
  SELECT coalesce(max(before.status_seq), 0) + 1 INTO v_status_seq
  FROM (
    SELECT status_seq FROM calls
    WHERE business_id = p_business AND status = p_to AND seq < p_seq
    ORDER BY seq DESC
    LIMIT 1
  ) before;
  IF p_seq < coalesce((SELECT max(seq) FROM calls WHERE business_id = p_business), 0) THEN
    UPDATE calls
    SET status_seq = status_seq + CASE WHEN status = p_to THEN 1 ELSE -1 END
    WHERE business_id = p_business AND seq > p_seq AND status IN (p_from, p_to);
  END IF;
  RETURN v_status_seq;
END;
$$;
--> statement-breakpoint

-- POST /api/assistant/calls in one round trip: the upsert of a validated call report (jsonb, field names of
-- the callReport schema) keyed by (business, externalId), with positions kept exact.
--   * An optional field absent from the report keeps its stored value; JSON null clears it.
--   * A report saying `in-progress` about a call already finished (completed, missed, failed) is stale — a
--     retry or a late delivery — and changes nothing: the finished call stands as stored.
-- Returns the call's id and whether this report created it.
CREATE FUNCTION calls_report(p_business uuid, p_report jsonb, p_started_at timestamptz, p_now timestamptz)
RETURNS TABLE (call_id uuid, created boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_status text := p_report->>'status';
  v_old record;
  v_id uuid;
  v_seq integer;
  v_status_seq integer;
BEGIN
  PERFORM calls_lock_business(p_business);
  -- Current under the lock: no other writer of this business can insert or move a call until we commit.
  SELECT c.id, c.status, c.started_at, c.seq, c.status_seq INTO v_old
  FROM calls c
  WHERE c.business_id = p_business AND c.external_id = p_report->>'externalId';

  IF v_old.id IS NOT NULL AND v_old.status <> 'in-progress' AND v_status = 'in-progress' THEN
    RETURN QUERY SELECT v_old.id, false;
    RETURN;
  END IF;

  v_id := coalesce(v_old.id, gen_random_uuid());
  IF v_old.id IS NULL THEN
    SELECT o_seq, o_status_seq INTO v_seq, v_status_seq
    FROM calls_open_gap(p_business, v_id, p_started_at, v_status);
  ELSIF v_old.started_at <> p_started_at THEN
    PERFORM calls_close_gap(p_business, v_old.seq, v_old.status);
    SELECT o_seq, o_status_seq INTO v_seq, v_status_seq
    FROM calls_open_gap(p_business, v_id, p_started_at, v_status);
  ELSIF v_old.status <> v_status THEN
    v_seq := v_old.seq;
    v_status_seq := calls_change_status(p_business, v_old.seq, v_old.status, v_status);
  ELSE
    v_seq := v_old.seq;
    v_status_seq := v_old.status_seq;
  END IF;

  INSERT INTO calls AS c (
    id, business_id, external_id, caller_number, caller_name, started_at, status, duration_seconds,
    outcome, summary, transcript, recording_url, service_name, seq, status_seq, created_at, updated_at
  ) VALUES (
    v_id, p_business, p_report->>'externalId', p_report->>'callerNumber', p_report->>'callerName',
    p_started_at, v_status, coalesce((p_report->>'durationSeconds')::integer, 0),
    p_report->>'outcome', p_report->>'summary', coalesce(p_report->'transcript', '[]'::jsonb),
    p_report->>'recordingUrl', p_report->>'serviceName', v_seq, v_status_seq, p_now, p_now
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
    seq = excluded.seq,
    status_seq = excluded.status_seq,
    updated_at = excluded.updated_at;

  RETURN QUERY SELECT v_id, v_old.id IS NULL;
END;
$$;
