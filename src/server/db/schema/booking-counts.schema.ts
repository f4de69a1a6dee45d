import { bucketCountsTable } from "./call-counts.schema";

/**
 * How many bookings of a business start in each stretch of time, per status ('' counts every status), in
 * the UTC-aligned buckets of call_counts (call_count_levels: level 1 an hour, 2 a day, 3 sixteen days,
 * 4 256 days). Bucket b of a level holds the bookings whose start_time lies in [b·width, (b+1)·width) seconds
 * of Unix time. Statement triggers on bookings keep them true in the transaction of every write
 * (db/functions/booking-counts.sql), so the list finds a page and its exact total by walking a few dozen counters down
 * to an hour, then a short index scan inside it (bookings_page).
 */
export const bookingCounts = bucketCountsTable("booking_counts");
