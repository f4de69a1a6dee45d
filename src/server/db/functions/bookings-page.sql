-- The bookings list (GET /api/bookings, bookings-read.repo.ts).

-- A booking in the API's shape (bookings-read.repo.ts BOOKING_COLUMNS); p_call_id is the linked call, already
-- resolved. Plain SQL, so the planner inlines it into the statement that reads the page.
CREATE OR REPLACE FUNCTION booking_json(
  p_id uuid, p_customer_name text, p_customer_phone text, p_service_id uuid, p_service_name text,
  p_start_time timestamptz, p_end_time timestamptz, p_status text, p_created_at timestamptz, p_source text,
  p_call_id uuid, p_version integer
) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    '_id', p_id,
    'customerName', p_customer_name,
    'customerPhone', p_customer_phone,
    'serviceId', p_service_id,
    'serviceName', p_service_name,
    'startTime', to_char(p_start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'endTime', to_char(p_end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'status', p_status,
    'createdAt', to_char(p_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'source', p_source,
    'callId', p_call_id,
    'version', p_version
  )
$$;

-- GET /api/bookings: page p_page (of p_limit) of the business's bookings of p_status starting in
-- [p_from, p_to) — each filter optional (null) — in (start_time, id) order, or its reverse when p_desc, and
-- the exact total, as {"total", "data"} with each booking in the API's shape. The page's rows lie at
-- positions [v_lo, v_lo + v_take) of the ascending order, with v_hi rows after them; the walk starts at the
-- nearer end. A page within c_short rows of an end is read straight from that end; any other is found by
-- summing the range's counters from that end until the page's first row is passed, then narrowing the bucket
-- holding it down to its hour in one statement, and reading from that hour's edge at an offset below
-- the hour's own count. No count(*) nor OFFSET over the table, whatever the depth or the filter: three
-- statements for a page in the middle, two for one near an end.
CREATE OR REPLACE FUNCTION bookings_page(
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
  v_rows bookings[];
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
      -- A raw end of the range: read from its edge.
      IF v_from_end THEN
        v_upper := v_raw_to[v_i];
      ELSE
        v_lower := v_raw_from[v_i];
      END IF;
    ELSE
      IF v_level > 1 THEN
        -- Down to the hour holding it in one statement, a level at a time: at each level, among the bucket's
        -- children in order from the walked end, the one where the running count passes v_left.
        WITH RECURSIVE walk AS (
          SELECT v_level AS level, v_bucket AS bucket, v_left AS left_over
          UNION ALL
          SELECT pick.level, pick.bucket, pick.left_over
          FROM walk w
          JOIN call_count_fans() f ON f.level = w.level
          CROSS JOIN LATERAL (
            SELECT x.level, x.bucket, (w.left_over - (x.through - x.n))::bigint AS left_over
            FROM (
              SELECT bc.level, bc.bucket, bc.n,
                sum(bc.n) OVER (ORDER BY CASE WHEN v_from_end THEN -bc.bucket ELSE bc.bucket END) AS through
              FROM booking_counts bc
              WHERE bc.business_id = p_business AND bc.status = v_key AND bc.level = w.level - 1
                AND bc.bucket >= w.bucket * f.fan AND bc.bucket < (w.bucket + 1) * f.fan AND bc.n > 0
            ) x
            WHERE x.through > w.left_over
            ORDER BY CASE WHEN v_from_end THEN -x.bucket ELSE x.bucket END
            LIMIT 1
          ) pick
          WHERE w.level > 1
        )
        SELECT walk.bucket, walk.left_over INTO v_bucket, v_left FROM walk ORDER BY walk.level LIMIT 1;
      END IF;
      -- The hour lies wholly inside the range: read on from its edge on the walked side.
      IF v_from_end THEN
        v_upper := to_timestamp((v_bucket + 1) * 3600);
      ELSE
        v_lower := to_timestamp(v_bucket * 3600);
      END IF;
    END IF;
  END IF;

  -- The page: v_take rows after skipping v_left from the walked side of [v_lower, v_upper), in the walked
  -- order. One statement per case, so each keeps a plan that walks its own index.
  IF p_status IS NULL AND NOT v_from_end THEN
    v_rows := ARRAY(SELECT b FROM bookings b
      WHERE b.business_id = p_business AND b.start_time >= v_lower AND b.start_time < v_upper
      ORDER BY b.start_time, b.id OFFSET v_left LIMIT v_take);
  ELSIF p_status IS NULL THEN
    v_rows := ARRAY(SELECT b FROM bookings b
      WHERE b.business_id = p_business AND b.start_time >= v_lower AND b.start_time < v_upper
      ORDER BY b.start_time DESC, b.id DESC OFFSET v_left LIMIT v_take);
  ELSIF NOT v_from_end THEN
    v_rows := ARRAY(SELECT b FROM bookings b
      WHERE b.business_id = p_business AND b.status = p_status AND b.start_time >= v_lower
        AND b.start_time < v_upper
      ORDER BY b.start_time, b.id OFFSET v_left LIMIT v_take);
  ELSE
    v_rows := ARRAY(SELECT b FROM bookings b
      WHERE b.business_id = p_business AND b.status = p_status AND b.start_time >= v_lower
        AND b.start_time < v_upper
      ORDER BY b.start_time DESC, b.id DESC OFFSET v_left LIMIT v_take);
  END IF;
  -- Answered in the list's order: the walked one, or its reverse when the list runs the other way.
  SELECT json_agg(booking_json(b.id, b.customer_name, b.customer_phone, b.service_id, b.service_name,
      b.start_time, b.end_time, b.status, b.created_at, b.source, coalesce(b.call_id, (SELECT c.id FROM calls c
        WHERE c.business_id = b.business_id AND c.external_id = b.call_external_id)), b.version)
    ORDER BY CASE WHEN p_desc <> v_from_end THEN -b.ordinality ELSE b.ordinality END)
  INTO v_data
  FROM unnest(v_rows) WITH ORDINALITY AS b;
  RETURN json_build_object('total', v_total, 'data', coalesce(v_data, '[]'::json));
END;
$$;
