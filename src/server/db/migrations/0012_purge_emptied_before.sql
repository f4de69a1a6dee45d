-- calls_purge (0005_call_counts) dropped emptied counters only between the first and last call it deleted, so a
-- counter emptied earlier by a move, lying between two purges' stretches, stayed at zero for good. Nothing is
-- left before the last purged call (the oldest go first), so every emptied counter up to it is dropped.

CREATE OR REPLACE FUNCTION calls_purge(p_business uuid, p_before timestamptz, p_limit integer) RETURNS integer
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_deleted integer;
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
  SELECT count(*), max(started_at) INTO v_deleted, v_last FROM gone;
  IF v_deleted > 0 THEN
    DELETE FROM call_counts c
    USING call_count_levels() l, (VALUES (''), ('in-progress'), ('completed'), ('missed'), ('failed')) AS k(status)
    WHERE c.business_id = p_business AND c.status = k.status AND c.level = l.level AND c.n = 0
      AND c.bucket <= floor(extract(epoch FROM v_last) / l.width);
  END IF;
  RETURN v_deleted;
END;
$$;
