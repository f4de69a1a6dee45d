-- The bookings counters (booking-counts.schema.ts), kept by statement triggers on bookings (the triggers
-- themselves are schema: migration 0016_booking_counts), and the counts read from them.

-- The triggers read the statement's transition tables straight into one upsert of the counters (at every
-- level of call_count_levels, which the planner inlines as the VALUES it holds: no function is called per
-- row; for the booking's status and for ''), grouped and in key order, so a bulk load of thousands of rows is one statement and two writers cannot
-- deadlock on the counters. Measured on PGlite, a helper taking arrays (as call_counts_apply does) doubled
-- the cost a single booking's insert pays for its counters. A business being deleted (its bookings going with
-- it by cascade) has no counters left to keep.
CREATE OR REPLACE FUNCTION bookings_counted_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_counts AS bc (business_id, status, level, bucket, n)
  SELECT d.business_id, k.status, l.level, floor(extract(epoch FROM d.start_time) / l.width)::bigint,
    count(*)::integer
  FROM new_bookings d
  CROSS JOIN LATERAL (VALUES (d.status), ('')) AS k(status)
  CROSS JOIN call_count_levels() AS l
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, status, level, bucket) DO UPDATE SET n = bc.n + excluded.n;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION bookings_counted_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_counts AS bc (business_id, status, level, bucket, n)
  SELECT d.business_id, k.status, l.level, floor(extract(epoch FROM d.start_time) / l.width)::bigint,
    -count(*)::integer
  FROM old_bookings d
  CROSS JOIN LATERAL (VALUES (d.status), ('')) AS k(status)
  CROSS JOIN call_count_levels() AS l
  WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = d.business_id)
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, status, level, bucket) DO UPDATE SET n = bc.n + excluded.n;
  RETURN NULL;
END;
$$;

-- Every old row counts -1 and every new row +1; what cancels out (a row whose status and start time did not
-- change: a call linked, a note) writes nothing. No join of the two transition tables: a plan made for a
-- one-row update would be kept for a 2,000-row one.
CREATE OR REPLACE FUNCTION bookings_counted_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_counts AS bc (business_id, status, level, bucket, n)
  SELECT m.business_id, k.status, l.level, floor(extract(epoch FROM m.start_time) / l.width)::bigint,
    sum(m.delta)::integer
  FROM (
    SELECT o.business_id, o.status, o.start_time, -1 AS delta FROM old_bookings o
    UNION ALL
    SELECT n.business_id, n.status, n.start_time, 1 FROM new_bookings n
  ) m
  CROSS JOIN LATERAL (VALUES (m.status), ('')) AS k(status)
  CROSS JOIN call_count_levels() AS l
  GROUP BY 1, 2, 3, 4
  HAVING sum(m.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, status, level, bucket) DO UPDATE SET n = bc.n + excluded.n;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION bookings_counted_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM booking_counts;
  RETURN NULL;
END;
$$;

-- How many bookings of business p_business (of p_status; null: any) start in [p_from, p_to), by the rows:
-- for the stretches at the ends of a range that no hour bucket covers. One statement per case, so each keeps
-- a plan that uses its own index.
CREATE OR REPLACE FUNCTION bookings_count_raw(p_business uuid, p_status text, p_from timestamptz, p_to timestamptz)
RETURNS bigint
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF p_status IS NULL THEN
    RETURN (SELECT count(*) FROM bookings
      WHERE business_id = p_business AND start_time >= p_from AND start_time < p_to);
  END IF;
  RETURN (SELECT count(*) FROM bookings
    WHERE business_id = p_business AND status = p_status AND start_time >= p_from AND start_time < p_to);
END;
$$;

-- How many bookings of business p_business (of p_status; null: any) start in [p_from, p_to) (either end
-- null: unbounded): whole buckets from the counters, the ends by the rows. The sidebar's pending count.
CREATE OR REPLACE FUNCTION bookings_count(p_business uuid, p_status text, p_from timestamptz, p_to timestamptz)
RETURNS bigint
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_key text := coalesce(p_status, '');
  v_total bigint;
BEGIN
  WITH parts AS MATERIALIZED (
    SELECT * FROM call_count_parts(p_from, p_to)
  )
  SELECT coalesce(sum(c.n), 0) INTO v_total
  FROM parts p
  CROSS JOIN LATERAL (
    SELECT sum(bc.n)::bigint AS n FROM booking_counts bc
    WHERE p.level > 0 AND bc.business_id = p_business AND bc.status = v_key AND bc.level = p.level
      AND bc.bucket >= p.lo AND bc.bucket < p.hi
    UNION ALL
    SELECT bookings_count_raw(p_business, p_status, p.raw_from, p.raw_to) WHERE p.level = 0
  ) c;
  RETURN v_total;
END;
$$;
