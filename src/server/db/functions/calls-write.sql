-- Storing and purging calls (calls-write.repo.ts).

-- Serializes the writers of one business's calls (7301: this lock's namespace among advisory locks).
CREATE OR REPLACE FUNCTION calls_lock_business(p_business uuid) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(7301, hashtext(p_business::text));
$$;

-- How purged_calls knows a call the retention purge deleted: a digest of its externalId, which keeps nothing of
-- it readable.
CREATE OR REPLACE FUNCTION calls_external_digest(p_external_id text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(p_external_id, 'UTF8')), 'hex');
$$;

-- One validated call report (jsonb, field names of the callReport schema), upserted by (business, externalId):
--   * an optional field absent from the report keeps its stored value; JSON null clears it;
--   * a report saying `in-progress` about a call already finished (completed, missed, failed) is stale — a
--     retry or a late delivery — and changes nothing: the finished call stands as stored;
--   * while the business's recording is off (businesses.record_calls), the call keeps no recording link and no
--     transcript (any stored before go too) and is marked recording_off; once recording is on again, a report
--     carrying either clears the mark;
--   * a report carrying a summary, transcript or recording link takes back the mark of content the retention
--     purge removed (content_removed_at), so the next purge removes it again if it is still due;
--   * a call the privacy desk erased (erased_at) stays erased: a report updates its status, times, duration,
--     outcome and service, never its number (''), name, summary, transcript or recording link (none).
--   * the call's recording copy job follows its link (recording_copies_sync in recording-copies.sql);
--   * a report of a call the retention purge deleted (purged_calls) is answered with the id the call had, not
--     created, and stores nothing: the purge has counted the call once (purged_call_counts), and it would only
--     be purged again;
--   * a call the server ended for want of news (end_unreported_at, calls_end_unreported below) takes the end a
--     report now gives it, and loses the mark.
-- Returns the call's id and whether this report created it. The batch below applies the same rules to many.
CREATE OR REPLACE FUNCTION calls_report(p_business uuid, p_report jsonb, p_started_at timestamptz, p_now timestamptz)
RETURNS TABLE (call_id uuid, created boolean)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_status text := p_report->>'status';
  v_old record;
  v_id uuid;
  v_record boolean;
BEGIN
  PERFORM calls_lock_business(p_business);
  SELECT p.call_id INTO v_id
  FROM purged_calls p
  WHERE p.business_id = p_business AND p.external_id_digest = calls_external_digest(p_report->>'externalId');
  IF v_id IS NOT NULL THEN
    RETURN QUERY SELECT v_id, false;
    RETURN;
  END IF;
  SELECT coalesce(b.record_calls, true) INTO v_record FROM businesses b WHERE b.id = p_business;
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
    outcome, summary, transcript, recording_url, service_name, recording_off, created_at, updated_at
  ) VALUES (
    v_id, p_business, p_report->>'externalId', p_report->>'callerNumber', p_report->>'callerName',
    p_started_at, v_status, coalesce((p_report->>'durationSeconds')::integer, 0),
    p_report->>'outcome', p_report->>'summary',
    CASE WHEN v_record THEN coalesce(p_report->'transcript', '[]'::jsonb) ELSE '[]'::jsonb END,
    CASE WHEN v_record THEN p_report->>'recordingUrl' END, p_report->>'serviceName', NOT v_record, p_now, p_now
  )
  ON CONFLICT (business_id, external_id) DO UPDATE SET
    caller_number = CASE WHEN c.erased_at IS NOT NULL THEN c.caller_number ELSE excluded.caller_number END,
    caller_name = CASE WHEN c.erased_at IS NULL AND p_report ? 'callerName'
      THEN excluded.caller_name ELSE c.caller_name END,
    started_at = excluded.started_at,
    status = excluded.status,
    duration_seconds = CASE WHEN p_report ? 'durationSeconds'
      THEN excluded.duration_seconds ELSE c.duration_seconds END,
    outcome = CASE WHEN p_report ? 'outcome' THEN excluded.outcome ELSE c.outcome END,
    summary = CASE WHEN c.erased_at IS NULL AND p_report ? 'summary' THEN excluded.summary ELSE c.summary END,
    transcript = CASE WHEN c.erased_at IS NULL AND (NOT v_record OR p_report ? 'transcript')
      THEN excluded.transcript ELSE c.transcript END,
    recording_url = CASE WHEN c.erased_at IS NULL AND (NOT v_record OR p_report ? 'recordingUrl')
      THEN excluded.recording_url ELSE c.recording_url END,
    service_name = CASE WHEN p_report ? 'serviceName' THEN excluded.service_name ELSE c.service_name END,
    recording_off = CASE WHEN c.erased_at IS NOT NULL
        OR (v_record AND NOT (p_report ? 'transcript' OR p_report ? 'recordingUrl'))
      THEN c.recording_off ELSE excluded.recording_off END,
    content_removed_at = CASE WHEN c.erased_at IS NULL AND p_report ?| ARRAY['summary', 'transcript', 'recordingUrl']
      THEN NULL ELSE c.content_removed_at END,
    end_unreported_at = NULL,
    updated_at = excluded.updated_at;
  PERFORM recording_copies_sync(ARRAY[p_business], ARRAY[v_id], p_now);

  RETURN QUERY SELECT v_id, v_old.id IS NULL;
END;
$$;

-- Several validated call reports in one transaction, with calls_report's rules for each (recording off,
-- removed content, erased and purged calls included), each on the word of an assistant key, or of a voice
-- platform's connection (assistant_connections), that this same statement confirms. p_items is a JSON array of
--   {"key": uuid | null, "connection": uuid | null, "business": uuid, "timezone": text | null,
--    "startedAt": instant, "report": callReport}
-- with one of "key" and "connection", and where "timezone" is the business timezone the start time was read in
-- (null when the report gave an offset). An item is refused, and nothing of it stored, when its key is no
-- longer active for its business, or its connection is gone ('key'), or the business has since moved to
-- another timezone ('timezone'). The answer has a row per item, by its 1-based position in the array. Keys
-- used are stamped as assistant_keys_use does.
--
-- The first report of each call in the batch — new or an update, in any order of start times — is written by
-- one multi-row upsert, its optional fields merged with the stored call here; a second report of the same
-- call in the batch then goes through calls_report, in array order.
--
-- With p_notify_missed, each call that this batch makes missed — new, or in progress until now (or until the
-- server ended it for want of news) — gets one 'call.missed' outbox row, in the order of the reports; a call
-- that was missed (or finished) before gets none, and so does a purged one. A history import passes false: old
-- calls are no news.
CREATE OR REPLACE FUNCTION calls_report_batch(
  p_items jsonb, p_now timestamptz, p_touch_after interval, p_notify_missed boolean
) RETURNS TABLE (o_ord integer, o_call_id uuid, o_created boolean, o_refusal text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_ords integer[];
  v_ids uuid[];
  v_businesses uuid[];
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
      x.value->'report' AS report, coalesce(b.record_calls, true) AS record_calls, pc.call_id AS purged_id,
      CASE
        WHEN k.id IS NULL AND ac.id IS NULL THEN 'key'
        WHEN x.value->>'timezone' IS NOT NULL AND b.timezone IS DISTINCT FROM x.value->>'timezone' THEN 'timezone'
      END AS refusal
    FROM jsonb_array_elements(p_items) WITH ORDINALITY x
    LEFT JOIN assistant_keys k
      ON k.id = (x.value->>'key')::uuid AND k.business_id = (x.value->>'business')::uuid AND k.revoked_at IS NULL
    LEFT JOIN assistant_connections ac
      ON ac.id = (x.value->>'connection')::uuid AND ac.business_id = (x.value->>'business')::uuid
    LEFT JOIN businesses b ON b.id = (x.value->>'business')::uuid
    LEFT JOIN purged_calls pc ON pc.business_id = (x.value->>'business')::uuid
      AND pc.external_id_digest = calls_external_digest(x.value->'report'->>'externalId')
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
    SELECT a.ord, a.business_id, a.started_at, a.report, a.record_calls, a.reports,
      coalesce(c.id, a.purged_id, gen_random_uuid()) AS id,
      c.id IS NULL AND a.purged_id IS NULL AS created,
      -- A purged call is not stored again (calls_report).
      a.purged_id IS NOT NULL
        OR (c.id IS NOT NULL AND c.status <> 'in-progress' AND a.report->>'status' = 'in-progress') AS stale,
      a.purged_id IS NULL AND (c.id IS NULL OR c.status = 'in-progress' OR c.end_unreported_at IS NOT NULL)
        AS may_turn_missed,
      c.caller_number, c.caller_name, c.duration_seconds, c.outcome, c.summary, c.transcript, c.recording_url,
      c.service_name, c.recording_off, c.content_removed_at, c.erased_at IS NOT NULL AS erased, c.created_at
    FROM accepted a
    LEFT JOIN calls c ON c.business_id = a.business_id AND c.external_id = a.external_id
    WHERE a.nth = 1
  ),
  written AS (
    INSERT INTO calls AS c (
      id, business_id, external_id, caller_number, caller_name, started_at, status, duration_seconds,
      outcome, summary, transcript, recording_url, service_name, recording_off, content_removed_at, created_at,
      updated_at
    )
    SELECT f.id, f.business_id, f.report->>'externalId',
      CASE WHEN f.erased THEN f.caller_number ELSE f.report->>'callerNumber' END,
      CASE WHEN f.erased OR NOT f.report ? 'callerName' THEN f.caller_name ELSE f.report->>'callerName' END,
      f.started_at, f.report->>'status',
      CASE WHEN f.report ? 'durationSeconds'
        THEN coalesce((f.report->>'durationSeconds')::integer, 0) ELSE coalesce(f.duration_seconds, 0) END,
      CASE WHEN f.report ? 'outcome' THEN f.report->>'outcome' ELSE f.outcome END,
      CASE WHEN f.erased OR NOT f.report ? 'summary' THEN f.summary ELSE f.report->>'summary' END,
      CASE WHEN f.erased THEN f.transcript WHEN NOT f.record_calls THEN '[]'::jsonb WHEN f.report ? 'transcript'
        THEN coalesce(f.report->'transcript', '[]'::jsonb) ELSE coalesce(f.transcript, '[]'::jsonb) END,
      CASE WHEN f.erased THEN f.recording_url WHEN NOT f.record_calls THEN NULL WHEN f.report ? 'recordingUrl'
        THEN f.report->>'recordingUrl' ELSE f.recording_url END,
      CASE WHEN f.report ? 'serviceName' THEN f.report->>'serviceName' ELSE f.service_name END,
      CASE WHEN f.erased THEN f.recording_off WHEN NOT f.record_calls THEN true
        WHEN f.report ? 'transcript' OR f.report ? 'recordingUrl' THEN false ELSE coalesce(f.recording_off, false) END,
      CASE WHEN NOT f.erased AND f.report ?| ARRAY['summary', 'transcript', 'recordingUrl']
        THEN NULL ELSE f.content_removed_at END,
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
      recording_off = excluded.recording_off,
      content_removed_at = excluded.content_removed_at,
      end_unreported_at = NULL,
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
    (SELECT coalesce(array_agg(f.business_id ORDER BY f.ord), '{}') FROM first_of_call f),
    (SELECT coalesce(array_agg(f.created AND NOT f.stale ORDER BY f.ord), '{}') FROM first_of_call f),
    (SELECT coalesce(array_agg(i.ord ORDER BY i.ord), '{}') FROM item i WHERE i.refusal IS NOT NULL),
    (SELECT coalesce(array_agg(i.refusal ORDER BY i.ord), '{}') FROM item i WHERE i.refusal IS NOT NULL),
    (SELECT coalesce(array_agg(f.id ORDER BY f.ord), '{}') FROM first_of_call f
      WHERE p_notify_missed AND f.reports > 1 AND f.may_turn_missed)
  INTO v_ords, v_ids, v_businesses, v_created, v_refused, v_refusals, v_pending;
  -- The second and later reports of a call below sync in calls_report.
  PERFORM recording_copies_sync(v_businesses, v_ids, p_now);

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

-- Deletes the business's oldest calls that started before p_before, at most p_limit of them, and returns how
-- many: index order from the oldest, so the cost is that of the calls deleted. The delete trigger takes them
-- off the counters; every counter of the buckets they were in that is left at zero is dropped too, of any
-- status, so including one emptied earlier by a move. Those counters are found by their keys, a bucket at a
-- time (a plan the planner cannot turn into a read of the whole table): a sweep of the business's counters up
-- to the last purged call, or a join on the buckets, was planned as a read of every tenant's counters on every
-- batch. purged_call_counts keeps how many of each status went, for the dashboard's all-time totals.
-- Bookings that named a call lose the link (their foreign key sets it null); its outbox rows go with it.
-- purged_calls remembers each, so that a later report of it is not stored and counted again.
CREATE OR REPLACE FUNCTION calls_purge(p_business uuid, p_before timestamptz, p_limit integer) RETURNS integer
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_deleted integer;
  v_started timestamptz[];
  v_gone uuid[];
  v_level smallint;
  v_bucket bigint;
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
    RETURNING id, external_id, started_at, status
  ),
  remembered AS (
    INSERT INTO purged_calls (business_id, external_id_digest, call_id)
    SELECT p_business, calls_external_digest(g.external_id), g.id FROM gone g
    ON CONFLICT DO NOTHING
  ),
  tallied AS (
    INSERT INTO purged_call_counts AS p (business_id, status, n)
    SELECT p_business, g.status, count(*) FROM gone g GROUP BY g.status ORDER BY g.status
    ON CONFLICT (business_id, status) DO UPDATE SET n = p.n + excluded.n
  )
  SELECT count(*), coalesce(array_agg(started_at), '{}'), coalesce(array_agg(id), '{}')
  INTO v_deleted, v_started, v_gone FROM gone;
  -- Their recordings' copies become tombstones, whose files the copy worker deletes (no link is set here:
  -- the time only stamps new jobs).
  PERFORM recording_copies_sync(array_fill(p_business, ARRAY[cardinality(v_gone)]), v_gone, now());
  IF v_deleted > 0 THEN
    FOR v_level, v_bucket IN
      SELECT DISTINCT l.level, floor(extract(epoch FROM s.started_at) / l.width)::bigint
      FROM unnest(v_started) AS s(started_at) CROSS JOIN call_count_levels() l
    LOOP
      DELETE FROM call_counts c
      WHERE c.business_id = p_business AND c.status IN ('', 'in-progress', 'completed', 'missed', 'failed')
        AND c.level = v_level AND c.bucket = v_bucket AND c.n = 0;
    END LOOP;
  END IF;
  RETURN v_deleted;
END;
$$;

-- Ends, as failed, at most p_limit calls still in progress whose last report came before p_before: the report
-- of their end never came (calls/unreported-ends.ts says after how long). Their outcome becomes no-action
-- unless a report gave one, and end_unreported_at says when and why; the update trigger moves them between
-- the counters, so every count and figure reads them as failed calls, as it reads a platform's own abnormal
-- end. A later report of the call's end replaces all of it (calls_report). The businesses' writers are taken
-- in turn (in business order, as calls_report_batch takes them), and the conditions are checked again on the
-- row being updated, so a report that came meanwhile keeps its call going. Returns how many were ended.
CREATE OR REPLACE FUNCTION calls_end_unreported(p_before timestamptz, p_now timestamptz, p_limit integer)
RETURNS integer
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_due uuid[];
  v_ended integer;
BEGIN
  SELECT coalesce(array_agg(d.id), '{}') INTO v_due
  FROM (
    SELECT id FROM calls WHERE status = 'in-progress' AND updated_at < p_before ORDER BY updated_at LIMIT p_limit
  ) d;
  PERFORM calls_lock_business(b.business_id)
  FROM (SELECT DISTINCT business_id FROM calls WHERE id = ANY (v_due) ORDER BY 1) b;
  UPDATE calls
  SET status = 'failed', outcome = coalesce(outcome, 'no-action'), end_unreported_at = p_now, updated_at = p_now
  WHERE id = ANY (v_due) AND status = 'in-progress' AND updated_at < p_before;
  GET DIAGNOSTICS v_ended = ROW_COUNT;
  RETURN v_ended;
END;
$$;
