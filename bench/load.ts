// A small closed-loop load generator: N connections, each sending its next request when the last answers.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { gunzipSync } from "node:zlib";

export type LoadResult = {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
};

/** What the benchmarks read of an answer: the fetch Response members they use, over a body read whole. */
export type LoadResponse = {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null; getSetCookie(): string[] };
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
  json(): Promise<unknown>;
};

export type LoadRequestInit = { method?: string; headers?: Record<string, string>; body?: string };

/**
 * One keep-alive connection per concurrent request, as a browser or an API client holds them. The client
 * shares the server's two cores, so it must cost little per request: fetch (undici behind WHATWG streams and
 * Headers) spent about as much CPU per request as a cheap route costs the server; node:http a fraction of it.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

const headerValue = (headers: IncomingHttpHeaders, name: string): string | null => {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
};

/**
 * A fetch-shaped request for the load loops: the status and headers, and the whole body read (and gunzipped,
 * as a browser would) before it resolves, so a request's time is the whole answer's. Asks for gzip like
 * fetch and browsers do, so the server does the same work as for them.
 */
export function loadFetch(url: string, init: LoadRequestInit = {}): Promise<LoadResponse> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const req = httpRequest(
      url,
      {
        agent,
        method: init.method ?? "GET",
        headers: {
          "Accept-Encoding": "gzip",
          ...init.headers,
          ...(body ? { "Content-Length": String(body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const bytes = res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
          const status = res.statusCode ?? 0;
          resolve({
            ok: status >= 200 && status < 300,
            status,
            headers: {
              get: (name) => headerValue(res.headers, name),
              getSetCookie: () => res.headers["set-cookie"] ?? [],
            },
            arrayBuffer: async () =>
              bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
            text: async () => bytes.toString("utf8"),
            json: async () => JSON.parse(bytes.toString("utf8")),
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

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
  return summarize(latencies, errors, (performance.now() - startedAt) / 1000);
}

/** Throughput and latency percentiles (ms) of requests measured over `seconds`. */
export function summarize(latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    errors,
    seconds: Number(seconds.toFixed(2)),
    rps: Math.round(sorted.length / seconds),
    p50: Number(percentile(sorted, 50).toFixed(2)),
    p99: Number(percentile(sorted, 99).toFixed(2)),
  };
}
