// A small closed-loop load generator: N connections, each sending its next request when the last answers.

export type LoadResult = {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

/**
 * Runs `request(worker)` on `connections` concurrent workers for `seconds` (bounded in time and count),
 * after a short warm-up; returns throughput and latency percentiles in milliseconds.
 */
export async function runLoad(
  request: (worker: number) => Promise<boolean>,
  { connections = 10, seconds = 5, warmupSeconds = 1, maxRequests = 200_000 } = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  let stopAt = performance.now() + warmupSeconds * 1000;
  const worker = async (id: number) => {
    while (performance.now() < stopAt && latencies.length < maxRequests) {
      const started = performance.now();
      const ok = await request(id).catch(() => false);
      if (!measuring) continue;
      latencies.push(performance.now() - started);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, id) => worker(id)));
  measuring = true;
  const startedAt = performance.now();
  stopAt = startedAt + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, (_, id) => worker(id)));
  const elapsed = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds: Number(elapsed.toFixed(2)),
    rps: Math.round(latencies.length / elapsed),
    p50: Number(percentile(latencies, 50).toFixed(2)),
    p99: Number(percentile(latencies, 99).toFixed(2)),
  };
}
