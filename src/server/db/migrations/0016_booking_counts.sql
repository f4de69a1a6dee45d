-- Bookings at volume: the list's pages and exact totals from counters instead of count(*) and OFFSET.
-- booking_counts (see booking-counts.schema.ts) holds, per business and status ('' = every status), how many
-- bookings start in each UTC-aligned bucket of call_count_levels (an hour, a day, 16 and 256 days). UTC, not
-- the business's timezone: a business may change its zone, and a range drawn in any zone still covers whole
-- hours but for its two ends, which are counted from the rows. Statement triggers on bookings keep the
-- counters true in the transaction of every write, whoever writes, so a write touches a few counter rows
-- whatever the table holds (a bulk load of thousands of rows, one statement of counter upserts).

CREATE TABLE "booking_counts" (
	"business_id" uuid NOT NULL,
	"status" text NOT NULL,
	"level" smallint NOT NULL,
	"bucket" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "booking_counts_business_id_status_level_bucket_pk" PRIMARY KEY("business_id","status","level","bucket")
);
--> statement-breakpoint
ALTER TABLE "booking_counts" ADD CONSTRAINT "booking_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Room on each page, so a counter's update stays on its page and adds no index entry.
ALTER TABLE "booking_counts" SET (fillfactor = 70);
--> statement-breakpoint

-- The triggers read the statement's transition tables straight into one upsert of the counters (at every
-- level of call_count_levels, spelled out so no function is called per row; for the booking's status and for
-- ''), grouped and in key order, so a bulk load of thousands of rows is one statement and two writers cannot
-- deadlock on the counters. Measured on PGlite, a helper taking arrays (as call_counts_apply does) doubled
-- the cost a single booking's insert pays for its counters. A business being deleted (its bookings going with
-- it by cascade) has no counters left to keep.
CREATE FUNCTION bookings_counted_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_counts AS bc (business_id, status, level, bucket, n)
  SELECT d.business_id, k.status, l.level, floor(extract(epoch FROM d.start_time) / l.width)::bigint,
    count(*)::integer
  FROM new_bookings d
  CROSS JOIN LATERAL (VALUES (d.status), ('')) AS k(status)
  CROSS JOIN (VALUES (1::smallint, 3600::bigint), (2::smallint, 86400::bigint), (3::smallint, 1382400::bigint),
    (4::smallint, 22118400::bigint)) AS l(level, width)
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, status, level, bucket) DO UPDATE SET n = bc.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

CREATE FUNCTION bookings_counted_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_counts AS bc (business_id, status, level, bucket, n)
  SELECT d.business_id, k.status, l.level, floor(extract(epoch FROM d.start_time) / l.width)::bigint,
    -count(*)::integer
  FROM old_bookings d
  CROSS JOIN LATERAL (VALUES (d.status), ('')) AS k(status)
  CROSS JOIN (VALUES (1::smallint, 3600::bigint), (2::smallint, 86400::bigint), (3::smallint, 1382400::bigint),
    (4::smallint, 22118400::bigint)) AS l(level, width)
  WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = d.business_id)
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, status, level, bucket) DO UPDATE SET n = bc.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- Every old row counts -1 and every new row +1; what cancels out (a row whose status and start time did not
-- change: a call linked, a note) writes nothing. No join of the two transition tables: a plan made for a
-- one-row update would be kept for a 2,000-row one.
CREATE FUNCTION bookings_counted_update() RETURNS trigger
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
  CROSS JOIN (VALUES (1::smallint, 3600::bigint), (2::smallint, 86400::bigint), (3::smallint, 1382400::bigint),
    (4::smallint, 22118400::bigint)) AS l(level, width)
  GROUP BY 1, 2, 3, 4
  HAVING sum(m.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (business_id, status, level, bucket) DO UPDATE SET n = bc.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

CREATE FUNCTION bookings_counted_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM booking_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

INSERT INTO booking_counts (business_id, status, level, bucket, n)
SELECT b.business_id, k.status, l.level, floor(extract(epoch FROM b.start_time) / l.width)::bigint, count(*)::integer
FROM bookings b
CROSS JOIN LATERAL (VALUES (b.status), ('')) AS k(status)
CROSS JOIN call_count_levels() AS l
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint

CREATE TRIGGER bookings_counted_insert AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_bookings FOR EACH STATEMENT EXECUTE FUNCTION bookings_counted_insert();
--> statement-breakpoint
CREATE TRIGGER bookings_counted_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_bookings NEW TABLE AS new_bookings FOR EACH STATEMENT EXECUTE FUNCTION bookings_counted_update();
--> statement-breakpoint
CREATE TRIGGER bookings_counted_delete AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_bookings FOR EACH STATEMENT EXECUTE FUNCTION bookings_counted_delete();
--> statement-breakpoint
CREATE TRIGGER bookings_counted_truncate AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_counted_truncate();
--> statement-breakpoint

-- How many bookings of business p_business (of p_status; null: any) start in [p_from, p_to), by the rows:
-- for the stretches at the ends of a range that no hour bucket covers. One statement per case, so each keeps
-- a plan that uses its own index.
CREATE FUNCTION bookings_count_raw(p_business uuid, p_status text, p_from timestamptz, p_to timestamptz)
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
--> statement-breakpoint

-- How many bookings of business p_business (of p_status; null: any) start in [p_from, p_to) (either end
-- null: unbounded): whole buckets from the counters, the ends by the rows. The sidebar's pending count.
CREATE FUNCTION bookings_count(p_business uuid, p_status text, p_from timestamptz, p_to timestamptz)
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
--> statement-breakpoint

-- The ids of up to p_take bookings of business p_business (of p_status; null: any) starting in
-- [p_lower, p_upper), in (start_time, id) order (p_desc: the reverse) after skipping p_skip of them. One
-- statement per case, so each keeps a plan that walks its own index.
CREATE FUNCTION bookings_ids(
  p_business uuid, p_status text, p_lower timestamptz, p_upper timestamptz, p_desc boolean, p_skip bigint,
  p_take integer
) RETURNS uuid[]
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF p_status IS NULL AND NOT p_desc THEN
    RETURN ARRAY(SELECT id FROM bookings
      WHERE business_id = p_business AND start_time >= p_lower AND start_time < p_upper
      ORDER BY start_time, id OFFSET p_skip LIMIT p_take);
  ELSIF p_status IS NULL THEN
    RETURN ARRAY(SELECT id FROM bookings
      WHERE business_id = p_business AND start_time >= p_lower AND start_time < p_upper
      ORDER BY start_time DESC, id DESC OFFSET p_skip LIMIT p_take);
  ELSIF NOT p_desc THEN
    RETURN ARRAY(SELECT id FROM bookings
      WHERE business_id = p_business AND status = p_status AND start_time >= p_lower AND start_time < p_upper
      ORDER BY start_time, id OFFSET p_skip LIMIT p_take);
  END IF;
  RETURN ARRAY(SELECT id FROM bookings
    WHERE business_id = p_business AND status = p_status AND start_time >= p_lower AND start_time < p_upper
    ORDER BY start_time DESC, id DESC OFFSET p_skip LIMIT p_take);
END;
$$;
--> statement-breakpoint

-- GET /api/bookings: page p_page (of p_limit) of the business's bookings of p_status starting in
-- [p_from, p_to) — each filter optional (null) — in (start_time, id) order, or its reverse when p_desc, and
-- the exact total, as {"total", "data"} with each booking in the API's shape. The page's rows lie at
-- positions [v_lo, v_lo + v_take) of the ascending order, with v_hi rows after them; the walk starts at the
-- nearer end. A page within c_short rows of an end is read straight from that end; any other is found by
-- summing the range's counters from that end until the page's first row is passed, then narrowing the bucket
-- holding it down to its hour (through its day), and reading inside that hour at an offset
-- below the hour's own count. No count(*) nor OFFSET over the table, whatever the depth or the filter.
CREATE FUNCTION bookings_page(
  p_business uuid, p_status text, p_from timestamptz, p_to timestamptz, p_desc boolean, p_page integer,
  p_limit integer
) RETURNS json
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  c_short constant bigint := 200;
  v_key text := coalesce(p_status, '');
  v_skip bigint := (p_page - 1)::bigint * p_limit;
  v_lower timestamptz := coalesce(p_from, '-infinity');
  v_upper timestamptz := coalesce(p_to, 'infinity');
  v_levels smallint[];
  v_buckets bigint[];
  v_ns bigint[];
  v_raw_from timestamptz[];
  v_raw_to timestamptz[];
  v_total bigint;
  v_take integer;
  v_lo bigint;
  v_hi bigint;
  v_from_end boolean;
  v_left bigint;
  v_i integer;
  v_level smallint;
  v_bucket bigint;
  v_child smallint;
  v_ratio bigint;
  v_ids uuid[];
  v_data json;
BEGIN
  -- Every part of the range with bookings in it, in time order: counters of whole buckets, and the rows of the
  -- ends no hour covers.
  WITH parts AS MATERIALIZED (
    SELECT * FROM call_count_parts(p_from, p_to)
  ),
  counted AS (
    SELECT p.part, p.level, c.bucket, c.n::bigint AS n, NULL::timestamptz AS raw_from, NULL::timestamptz AS raw_to
    FROM parts p
    CROSS JOIN LATERAL (
      SELECT bc.bucket, bc.n FROM booking_counts bc
      WHERE bc.business_id = p_business AND bc.status = v_key AND bc.level = p.level AND bc.bucket >= p.lo
        AND bc.bucket < p.hi AND bc.n > 0
      OFFSET 0
    ) c
    WHERE p.level > 0
    UNION ALL
    SELECT p.part, p.level, NULL::bigint, bookings_count_raw(p_business, p_status, p.raw_from, p.raw_to),
      p.raw_from, p.raw_to
    FROM parts p
    WHERE p.level = 0
  )
  SELECT array_agg(level ORDER BY part DESC, bucket), array_agg(bucket ORDER BY part DESC, bucket),
    array_agg(n ORDER BY part DESC, bucket), array_agg(raw_from ORDER BY part DESC, bucket),
    array_agg(raw_to ORDER BY part DESC, bucket), coalesce(sum(n), 0)
  INTO v_levels, v_buckets, v_ns, v_raw_from, v_raw_to, v_total
  FROM counted
  WHERE n > 0;

  IF v_skip >= v_total THEN
    RETURN json_build_object('total', v_total, 'data', '[]'::json);
  END IF;
  v_take := least(p_limit, v_total - v_skip);
  v_lo := CASE WHEN p_desc THEN v_total - v_skip - v_take ELSE v_skip END;
  v_hi := v_total - v_lo - v_take;
  v_from_end := v_hi < v_lo;
  v_left := CASE WHEN v_from_end THEN v_hi ELSE v_lo END;

  IF v_left >= c_short THEN
    -- The part holding the page's row nearest the end walked from.
    v_i := CASE WHEN v_from_end THEN array_length(v_ns, 1) ELSE 1 END;
    WHILE v_left >= v_ns[v_i] LOOP
      v_left := v_left - v_ns[v_i];
      v_i := v_i + CASE WHEN v_from_end THEN -1 ELSE 1 END;
    END LOOP;
    v_level := v_levels[v_i];
    v_bucket := v_buckets[v_i];
    IF v_level = 0 THEN
      v_lower := v_raw_from[v_i];
      v_upper := v_raw_to[v_i];
    END IF;
    -- Down to the hour holding it, through its day: each step reads the bucket's days (at most 256) or the
    -- day's 24 hours in one statement, and picks the one where the running count from the walked end passes
    -- v_left. Widths as call_count_levels: 256 days = 16 × 16 days, a day = 24 hours.
    WHILE v_level > 1 LOOP
      v_child := CASE WHEN v_level > 2 THEN 2 ELSE 1 END;
      v_ratio := CASE v_level WHEN 4 THEN 256 WHEN 3 THEN 16 ELSE 24 END;
      SELECT x.bucket, v_left - (x.through - x.n) INTO v_bucket, v_left
      FROM (
        SELECT bc.bucket, bc.n,
          sum(bc.n) OVER (ORDER BY CASE WHEN v_from_end THEN -bc.bucket ELSE bc.bucket END) AS through
        FROM booking_counts bc
        WHERE bc.business_id = p_business AND bc.status = v_key AND bc.level = v_child
          AND bc.bucket >= v_bucket * v_ratio AND bc.bucket < (v_bucket + 1) * v_ratio AND bc.n > 0
      ) x
      WHERE x.through > v_left
      ORDER BY CASE WHEN v_from_end THEN -x.bucket ELSE x.bucket END
      LIMIT 1;
      v_level := v_child;
    END LOOP;
    IF v_level = 1 THEN
      -- The hour lies wholly inside the range: read on from its walked-from edge to the range's far end.
      IF v_from_end THEN
        v_upper := to_timestamp((v_bucket + 1) * 3600);
      ELSE
        v_lower := to_timestamp(v_bucket * 3600);
      END IF;
    END IF;
    -- A raw part is read from its own edge likewise.
    IF v_from_end THEN
      v_lower := coalesce(p_from, '-infinity');
    ELSE
      v_upper := coalesce(p_to, 'infinity');
    END IF;
  END IF;

  v_ids := bookings_ids(p_business, p_status, v_lower, v_upper, v_from_end, v_left, v_take);
  SELECT json_agg(json_build_object(
      '_id', b.id, 'customerName', b.customer_name, 'customerPhone', b.customer_phone,
      'serviceId', b.service_id, 'serviceName', b.service_name,
      'startTime', to_char(b.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'endTime', to_char(b.end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'status', b.status,
      'createdAt', to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'source', b.source,
      'callId', coalesce(b.call_id, (SELECT c.id FROM calls c
        WHERE c.business_id = b.business_id AND c.external_id = b.call_external_id)),
      'version', b.version)
    ORDER BY CASE WHEN v_from_end = p_desc THEN page.ord ELSE -page.ord END)
  INTO v_data
  FROM unnest(v_ids) WITH ORDINALITY AS page(id, ord)
  JOIN bookings b ON b.id = page.id;
  RETURN json_build_object('total', v_total, 'data', coalesce(v_data, '[]'::json));
END;
$$;
