// Data protection at volume (issue 23 §5), on either database: the hourly retention purge taking the oldest
// 100,000 of a business's 300,000 calls while staff page through the list, finding one caller among the
// 200,000 left, and exporting the whole business while the server's memory is watched, without and then with
// its call recordings (5,000 files, 500 MB).
import { readFileSync } from "node:fs";
import type { CallerData } from "@shared/caller-data.schema";
import type { CallList } from "@shared/calls.schema";
import type { RetentionPreview } from "@shared/privacy.schema";
import { updatePrivacySettings } from "../src/server/company/businesses.repo";
import { scheduledJobs } from "../src/server/db/schema/scheduled-jobs.schema";
import { RETENTION_BATCH } from "../src/server/privacy/retention-purge";
import { seedCallVolume } from "../tests/support/server-call-volume";
import type { ServerProcess } from "../tests/support/server-process";
import { storeRecordingCopies } from "../tests/support/stored-recordings";
import type { BenchDatabase } from "./databases";
import { createAssistantKey, getData, type StaffSession, signIn } from "./http-session";
import { type LoadResult, loadFetch, summarize, warmUp } from "./load";
import { type Figure, loadFigures } from "./report";
import { withServerProcess } from "./with-server";

const BIG = { email: "keeps-records@example.com", password: "bench password 1", calls: 300_000 };
/** The seed spreads calls at 150 a day: 300,000 reach back 2,000 days, so the last 1,333 days keep 200,000. */
const CALL_ROW_DAYS = 1_333;
const CALLER_BUDGET = { p99: "≤ 50 ms" };
const EXPORT_MEMORY_BUDGET = "≤ 256 MB";
/** The export server's JavaScript heap limit (V8's old space), far below what the business's rows weigh. */
const EXPORT_HEAP_MB = 128;
/**
 * The purge starts at the scheduler's first check after this (it checks every 15 s), well past the server's
 * start on 300,000 calls and the list's warm-up.
 */
const PURGE_DUE_IN_MS = 45_000;
const WINDOW_MS = 1_000;
const PURGE_TIMEOUT_MS = 10 * 60_000;
/** The recordings the export carries when asked: of the newest calls (the purge leaves them), 100 KB each. */
const RECORDINGS = { files: 5_000, bytes: 100 * 1024 };

export async function privacyBench(log: (line: string) => void, target: BenchDatabase): Promise<Figure[]> {
  const section = await target.fresh("privacy");
  try {
    const started = performance.now();
    const database = await section.open();
    await database.migrate();
    const [big] = await seedCallVolume(database.db, [BIG], new Date());
    await storeRecordingCopies(database.db, big!.businessId, section.serverEnv.DATA_DIR!, RECORDINGS);
    await updatePrivacySettings(database.db, big!.businessId, {
      recordCalls: true,
      callContentDays: null,
      callRowDays: CALL_ROW_DAYS,
      bookingPersonalDays: null,
    });
    // The hourly purge would first run an hour after the server starts; the bench brings its due time
    // forward (the scheduler keeps a due time sooner than its interval).
    const dueAt = new Date(Date.now() + PURGE_DUE_IN_MS);
    await database.db
      .insert(scheduledJobs)
      .values({ name: "retention-purge", nextDueAt: dueAt })
      .onConflictDoUpdate({ target: scheduledJobs.name, set: { nextDueAt: dueAt } });
    await database.close();
    log(`seeded 300,000 calls in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    const figures = await withServer(section.serverEnv, async (server, staff) => [
      ...(await purgeUnderLoad(server.baseURL, staff, target.listP99, log)),
      ...(await findCaller(server.baseURL, staff)),
    ]);
    // The export on a server of its own whose JavaScript heap is capped: were the business held in memory on
    // its way into the zip (300,000 calls are several times the cap), the server would run out and die.
    const heapCap = { NODE_OPTIONS: `--max-old-space-size=${EXPORT_HEAP_MB}` };
    return [
      ...figures,
      ...(await withServer({ ...section.serverEnv, ...heapCap }, async (server, staff) => [
        ...(await exportMemory(server.baseURL, server.pid, staff, false)),
        ...(await exportMemory(server.baseURL, server.pid, staff, true)),
      ])),
    ];
  } finally {
    await section.drop();
  }
}

/** The server on the section's database, signed in as the busy business's staff, stopped after `use`. */
async function withServer<T>(
  env: Record<string, string>,
  use: (server: ServerProcess, staff: StaffSession) => Promise<T>,
): Promise<T> {
  return withServerProcess({ ...env, SEED_DEMO: "false" }, async (server) =>
    use(server, await signIn(server.baseURL, BIG.email, BIG.password)),
  );
}

/**
 * Ten staff connections read list pages (the first, a middle and the last) in one-second windows from
 * before the purge starts until the preview says nothing is due; the windows the purge overlapped give
 * the list's latency during it.
 */
async function purgeUnderLoad(
  baseURL: string,
  staff: StaffSession,
  listP99: string,
  log: (line: string) => void,
): Promise<Figure[]> {
  const list = (query: string) => getData<CallList>(baseURL, `/api/calls?limit=10&${query}`, staff);
  const preview = () => getData<RetentionPreview>(baseURL, "/api/privacy/retention-preview", staff);
  const before = await list("page=1");
  const due = (await preview()).calls;
  if (before.total !== BIG.calls || due === 0)
    throw new Error(`the purge ran before the bench was ready (${before.total} calls, ${due} due)`);
  const pages = [1, Math.ceil(before.totalPages / 2), before.totalPages];
  const get = async (worker: number) => {
    const response = await loadFetch(`${baseURL}/api/calls?limit=10&page=${pages[worker % pages.length]}`, {
      headers: { Authorization: staff.authorization },
    });
    await response.arrayBuffer();
    return response.ok;
  };
  await warmUp(get, { seconds: 8 });

  const during: number[] = [];
  let errors = 0;
  let startedAt: number | null = null;
  let finishedAt: number | null = null;
  const deadline = performance.now() + PURGE_TIMEOUT_MS;
  while (finishedAt === null && performance.now() < deadline) {
    const window = await measureWindow(get);
    const [{ total }, left] = await Promise.all([list("page=1"), preview()]);
    if (startedAt === null && total < before.total) startedAt = window.startedAt;
    if (startedAt !== null) {
      during.push(...window.latencies);
      errors += window.errors;
    }
    if (left.calls === 0) finishedAt = performance.now();
  }
  if (startedAt === null || finishedAt === null) throw new Error("the retention purge did not run");
  const seconds = (finishedAt - startedAt) / 1000;
  log(`purged ${due.toLocaleString("en")} calls in ${seconds.toFixed(1)} s`);
  const result: LoadResult = summarize(during, errors, seconds);
  return [
    { name: "calls before the purge", value: before.total, unit: "" },
    { name: "calls the purge deleted", value: due, unit: "" },
    {
      name: `purge throughput (batches of ${RETENTION_BATCH}, while serving the list)`,
      value: Math.round(due / seconds),
      unit: "calls/s",
    },
    ...loadFigures("GET /api/calls (page 1, middle, last) during the purge", result, { p99: listP99 }),
  ];
}

/** One window of closed-loop load on ten connections: every request's latency. */
async function measureWindow(request: (worker: number) => Promise<boolean>) {
  const startedAt = performance.now();
  const stopAt = startedAt + WINDOW_MS;
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: 10 }, async (_, worker) => {
      while (performance.now() < stopAt) {
        const started = performance.now();
        if (!(await request(worker).catch(() => false))) errors++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { startedAt, latencies, errors };
}

/**
 * The privacy desk's search among the 200,000 calls left: a caller with three calls (by phone, written
 * differently than reported, and by name), one request at a time as one person searches; and one of the
 * seed's generated numbers, which called hundreds of times, for the shape of a heavy caller.
 */
async function findCaller(baseURL: string, staff: StaffSession): Promise<Figure[]> {
  const key = await createAssistantKey(baseURL, staff);
  for (const [index, startedAt] of [
    "2026-03-02T09:15:00Z",
    "2026-05-11T14:40:00Z",
    "2026-06-20T10:05:00Z",
  ].entries()) {
    const response = await fetch(`${baseURL}/api/assistant/calls`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Api-Key": key },
      body: JSON.stringify({
        externalId: `privacy-bench-${index}`,
        callerNumber: "+44 20 7946 0321",
        callerName: "Imogen Thistlewood",
        startedAt,
        status: "completed",
        durationSeconds: 95,
        outcome: "inquiry",
        summary: "Asked whether the clinic keeps her notes.",
      }),
    });
    if (response.status !== 201)
      throw new Error(`call report failed: ${response.status} ${await response.text()}`);
  }
  const heavy = (await getData<CallList>(baseURL, "/api/calls?limit=1&page=1", staff)).data[0]!.fromNumber;
  const search = (query: string) => async () => {
    const response = await loadFetch(`${baseURL}/api/privacy/caller?${query}`, {
      headers: { Authorization: staff.authorization },
    });
    const body = (await response.json()) as { data: CallerData };
    return response.ok && body.data.calls.length > 0;
  };
  const figures: Figure[] = [];
  for (const [label, query] of [
    ["by phone (3 calls)", `phone=${encodeURIComponent("+44 (20) 7946-0321")}`],
    ["by name (3 calls)", `name=${encodeURIComponent("Imogen Thistlewood")}`],
    ["by phone, a generated number with hundreds of calls", `phone=${encodeURIComponent(heavy)}`],
  ] as const) {
    const result = await runSequential(search(query));
    figures.push(...loadFigures(`GET /api/privacy/caller ${label} @1 conn`, result, CALLER_BUDGET));
  }
  return figures;
}

const runSequential = async (request: () => Promise<boolean>): Promise<LoadResult> => {
  await warmUp(request, { connections: 1, seconds: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const startedAt = performance.now();
  while (performance.now() - startedAt < 5_000) {
    const started = performance.now();
    if (!(await request().catch(() => false))) errors++;
    latencies.push(performance.now() - started);
  }
  return summarize(latencies, errors, (performance.now() - startedAt) / 1000);
};

/** The server's resident memory now, in MB (Linux). */
const residentMb = (pid: number) => {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Math.round(Number(line![1]) / 1024);
};

/**
 * The whole business's export, read to its end, while the server's resident memory is sampled; with its call
 * recordings when `recordings`.
 */
async function exportMemory(
  baseURL: string,
  pid: number,
  staff: StaffSession,
  recordings: boolean,
): Promise<Figure[]> {
  const atRest = residentMb(pid);
  let peak = atRest;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 50);
  const started = performance.now();
  let bytes = 0;
  let rows = 0;
  try {
    const response = await fetch(`${baseURL}/api/privacy/export${recordings ? "?recordings=true" : ""}`, {
      headers: { Authorization: staff.authorization },
    });
    if (!response.ok || !response.body) throw new Error(`export failed: ${response.status}`);
    rows = Number(response.headers.get("X-Export-Rows"));
    for await (const chunk of response.body) bytes += chunk.byteLength;
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const what = recordings ? `export with ${RECORDINGS.files.toLocaleString("en")} recordings` : "export";
  return [
    { name: `${what}: rows (all tables)`, value: rows, unit: "" },
    { name: `${what}: zip size`, value: Math.round(bytes / 1024 / 1024), unit: "MB" },
    { name: `${what}: time`, value: Number(seconds.toFixed(1)), unit: "s" },
    {
      name: `server memory before the ${what} (JavaScript heap capped at ${EXPORT_HEAP_MB} MB)`,
      value: atRest,
      unit: "MB",
    },
    {
      name: `server memory at its peak during the ${what}`,
      value: peak,
      unit: "MB",
      budget: EXPORT_MEMORY_BUDGET,
    },
    { name: `growth during the ${what}`, value: peak - atRest, unit: "MB" },
  ];
}
