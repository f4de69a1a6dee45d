-- The recording copies' jobs, kept in step with the calls' recording links (recordings/recording-copies.repo.ts
-- does the rest: the worker's claims and outcomes).

-- Brings the copy job of each named call (p_businesses[i], p_calls[i]) in step with its recording link, in the
-- transaction of the calls writer that just set, changed or removed it (calls-write.sql, calls-write.repo.ts):
--   * a call holding a link with no job, or a job for another link, gets a pending job due at once (a copy
--     stored from the old link stays served until the new one replaces it);
--   * a call without a link (cleared by the retention purge, erased by the privacy desk, reported while
--     recording was off, set to null) or no longer there (purged) has its job made a tombstone ('discarded',
--     its link blanked), so the worker deletes the stored file before the row: a file can outlive its row only
--     as long as that.
-- A link is only ever stored while the business's recording is on (calls_report), so nothing is copied while
-- it is off. Calls whose link did not change are left as they are.
CREATE OR REPLACE FUNCTION recording_copies_sync(p_businesses uuid[], p_calls uuid[], p_now timestamptz)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(p_calls) = 0 THEN
    RETURN;
  END IF;
  WITH named AS (
    SELECT DISTINCT n.business_id, n.call_id FROM unnest(p_businesses, p_calls) AS n(business_id, call_id)
  ),
  linked AS (
    SELECT n.business_id, n.call_id, c.recording_url
    FROM named n JOIN calls c ON c.id = n.call_id AND c.business_id = n.business_id
    WHERE c.recording_url IS NOT NULL
  ),
  queued AS (
    INSERT INTO recording_copies AS r (business_id, call_id, source_url, state, attempts, next_attempt_at, created_at)
    SELECT l.business_id, l.call_id, l.recording_url, 'pending', 0, p_now, p_now
    FROM linked l
    ORDER BY l.business_id, l.call_id
    ON CONFLICT (business_id, call_id) DO UPDATE SET
      source_url = excluded.source_url, state = 'pending', attempts = 0, next_attempt_at = p_now,
      last_error = NULL,
      -- A tombstone's file may already be gone: its copy is not served again until copied anew.
      size_bytes = CASE WHEN r.state = 'discarded' THEN NULL ELSE r.size_bytes END,
      content_type = CASE WHEN r.state = 'discarded' THEN NULL ELSE r.content_type END,
      stored_at = CASE WHEN r.state = 'discarded' THEN NULL ELSE r.stored_at END
    WHERE r.source_url <> excluded.source_url OR r.state = 'discarded'
  )
  -- Due at once whatever the clock says (the purge, which has no clock of the app's, makes tombstones too).
  -- A tombstone keeps no link: the worker deletes the file by the call's ids, and the link, the caller's
  -- data, is gone with the call's own at once (an erasure leaves it nowhere, even until the worker runs).
  UPDATE recording_copies r SET state = 'discarded', source_url = '', next_attempt_at = '-infinity', last_error = NULL
  FROM named n
  WHERE r.business_id = n.business_id AND r.call_id = n.call_id AND r.state <> 'discarded'
    AND NOT EXISTS (SELECT 1 FROM linked l WHERE l.business_id = n.business_id AND l.call_id = n.call_id);
END;
$$;
