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

/** Keeps `connections` workers sending `request` for `seconds`, measuring nothing. */
export async function warmUp(
  request: (worker: number) => Promise<boolean>,
  { connections = 10, seconds = 1 } = {},
): Promise<void> {
  const stopAt = performance.now() + seconds * 1000;
  const worker = async (id: number) => {
    while (performance.now() < stopAt) await request(id).catch(() => false);
  };
  await Promise.all(Array.from({ length: connections }, (_, id) => worker(id)));
}

/**
 * Runs `request(worker)` on `connections` concurrent workers for `seconds` (bounded in time and count),
 * after a short warm-up; returns throughput and latency percentiles in milliseconds.
 */
export async function runLoad(
  request: (worker: number) => Promise<boolean>,
  { connections = 10, seconds = 5, warmupSeconds = 1, maxRequests = 200_000 } = {},
): Promise<LoadResult> {
  await warmUp(request, { connections, seconds: warmupSeconds });
  const latencies: number[] = [];
  let errors = 0;
  const startedAt = performance.now();
  const stopAt = startedAt + seconds * 1000;
  const worker = async (id: number) => {
    while (performance.now() < stopAt && latencies.length < maxRequests) {
      const started = performance.now();
      const ok = await request(id).catch(() => false);
      latencies.push(performance.now() - started);
      if (!ok) errors++;
    }
  };
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
