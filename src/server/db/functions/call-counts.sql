-- The calls counters (call-counts.schema.ts), kept by statement triggers on calls (the triggers themselves
-- are schema: migration 0005_call_counts), and the counts read from them.

-- The bucket widths in seconds, finest first; each divides the next.
CREATE OR REPLACE FUNCTION call_count_levels() RETURNS TABLE (level smallint, width bigint)
LANGUAGE sql IMMUTABLE AS $$
  VALUES (1::smallint, 3600::bigint), (2::smallint, 86400::bigint), (3::smallint, 1382400::bigint),
    (4::smallint, 22118400::bigint)
$$;

-- How many buckets of the level below one bucket of each level holds (16, 16, 24; none below an hour): the
-- fan-out a walk from a coarse bucket down to its hour takes at each step.
CREATE OR REPLACE FUNCTION call_count_fans() RETURNS TABLE (level smallint, fan bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT l.level, l.width / lag(l.width) OVER (ORDER BY l.level) FROM call_count_levels() l
$$;

-- Adds p_delta[i] calls of p_status[i] started at p_started_at[i] to business p_business[i]'s counters, at
-- every level and for '' too. Counters are upserted in key order, so two writers cannot deadlock on them. A
-- business being deleted (its calls going with it by cascade) has no counters left to keep. PL/pgSQL, so its
-- statement keeps one plan per connection (a SQL function is planned afresh on every call).
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

-- The triggers skip call_counts_apply when their transition table is empty: a batch's upsert fires both
-- the insert and the update trigger, and one of the two usually has no rows.
CREATE OR REPLACE FUNCTION calls_counted_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM call_counts_apply(array_agg(r.business_id), array_agg(r.status), array_agg(r.started_at), array_agg(1))
  FROM new_calls r
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION calls_counted_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM call_counts_apply(array_agg(r.business_id), array_agg(r.status), array_agg(r.started_at), array_agg(-1))
  FROM old_calls r;
  RETURN NULL;
END;
$$;

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

CREATE OR REPLACE FUNCTION calls_counted_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM call_counts;
  RETURN NULL;
END;
$$;

-- [p_from, p_to) (either end null: unbounded) cut into parts, newest first, each either a range [lo, hi) of
-- one level's buckets that lie wholly inside, or a stretch at either end too short for an hour (level 0,
-- [raw_from, raw_to), to be counted from the calls themselves). The coarsest level that fits takes the
-- middle; each finer level fills what is left on either side of the coarser one. So a range of any length
-- is at most 2·(23 + 23 + 15) buckets beside its coarse middle, and the parts never overlap.
CREATE OR REPLACE FUNCTION call_count_parts(p_from timestamptz, p_to timestamptz)
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

-- How many calls of business p_business (of p_status; null: any) started in [p_from, p_to): for the short
-- stretches at the ends of a range that no hour bucket covers.
CREATE OR REPLACE FUNCTION calls_count_raw(p_business uuid, p_status text, p_from timestamptz, p_to timestamptz)
RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT count(*) FROM calls
  WHERE business_id = p_business AND (p_status IS NULL OR status = p_status)
    AND started_at >= p_from AND started_at < p_to;
$$;

-- How many of the business's calls started in [p_from, p_to) (null ends: unbounded), per status and '' for all.
CREATE OR REPLACE FUNCTION calls_range_counts(p_business uuid, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (status text, n bigint)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
  WITH parts AS MATERIALIZED (
    SELECT * FROM call_count_parts(p_from, p_to)
  )
  SELECT x.status, sum(x.n)::bigint
  FROM (
    SELECT k.status, c.n::bigint AS n
    FROM parts p
    CROSS JOIN (VALUES (''), ('in-progress'), ('completed'), ('missed'), ('failed')) AS k(status)
    CROSS JOIN LATERAL (
      SELECT cc.n FROM call_counts cc
      WHERE cc.business_id = p_business AND cc.status = k.status AND cc.level = p.level AND cc.bucket >= p.lo
        AND cc.bucket < p.hi
      OFFSET 0
    ) c
    WHERE p.level > 0
    UNION ALL
    SELECT k.status, count(*)
    FROM parts p
    JOIN calls r ON r.business_id = p_business AND r.started_at >= p.raw_from AND r.started_at < p.raw_to
    CROSS JOIN LATERAL (VALUES (r.status), ('')) AS k(status)
    WHERE p.level = 0
    GROUP BY k.status
  ) x
  GROUP BY x.status;
END;
$$;
