import { check, type ResponseSchema } from "./response-schema";
import type { ResponseSchemas } from "./response-schemas";

export type SchemaName = keyof ResponseSchemas;
export type CheckRequest = { id: number; name: SchemaName; data: unknown };
/** Load the schema `prepare` now: its answer is on the way. */
export type PrepareRequest = { prepare: SchemaName };
/**
 * `problem` is undefined when the schema accepted the data; `unchecked` when the worker could not load the
 * schema (its fetch failed), so the check runs in the page instead.
 */
export type CheckAnswer = { id: number; problem: string | undefined } | { id: number; unchecked: true };

const inThread = (name: SchemaName, data: unknown) =>
  import("./response-schemas")
    .then(({ loadResponseSchema }) => loadResponseSchema(name))
    .then((schema) => check(schema, data))
    .then((verdict) => (verdict.ok ? undefined : verdict.problem));

let worker: Worker | undefined;
let workerFailed = typeof Worker === "undefined";
let nextId = 0;
type Waiting = CheckRequest & {
  settle: (problem: string | undefined) => void;
  fail: (error: unknown) => void;
};
const waiting = new Map<number, Waiting>();

function startWorker(): Worker {
  const started = new Worker(new URL("./response-check.worker.ts", import.meta.url), { type: "module" });
  started.addEventListener("message", ({ data: answer }: MessageEvent<CheckAnswer>) => {
    const request = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (!request) return;
    if ("unchecked" in answer) inThread(request.name, request.data).then(request.settle, request.fail);
    else request.settle(answer.problem);
  });
  // A worker that cannot start must not leave a page waiting: its checks run here instead.
  started.addEventListener("error", () => {
    workerFailed = true;
    for (const { name, data, settle, fail } of waiting.values()) inThread(name, data).then(settle, fail);
    waiting.clear();
  });
  return started;
}

/** The checker, started once: by the first request, or earlier by `startResponseChecker`. */
function checker(): Worker | undefined {
  if (workerFailed) return undefined;
  try {
    worker ??= startWorker();
  } catch {
    // Refused outright (a policy that forbids workers): every check runs in the page.
    workerFailed = true;
  }
  return workerFailed ? undefined : worker;
}

/**
 * Starts the checker before any request: the worker's code and arktype's start-up (a few hundred milliseconds
 * of its own CPU) then come while the signed-in page's code and first requests are on the way, instead of
 * after its first answer arrived.
 */
export function startResponseChecker(): void {
  checker();
}

/** What the schema `name` finds wrong with `data`, undefined when nothing; in a worker when there is one. */
function problemOf(name: SchemaName, data: unknown): Promise<string | undefined> {
  const started = checker();
  if (!started) return inThread(name, data);
  const id = nextId++;
  return new Promise((settle, fail) => {
    waiting.set(id, { id, name, data, settle, fail });
    started.postMessage({ id, name, data } satisfies CheckRequest);
  });
}

/**
 * The schema `name` of lib/response-schemas.ts as the API client uses it. Response schemas have no morphs, so
 * what they accept is the value itself: the worker's verdict is about this very value.
 */
export function responseSchema<Name extends SchemaName>(
  name: Name,
): ResponseSchema<ResponseSchemas[Name]["infer"]> {
  return {
    prepare: () => {
      const started = checker();
      // Without a worker, the check's own import in this thread comes with the answer.
      started?.postMessage({ prepare: name } satisfies PrepareRequest);
    },
    "~standard": {
      validate: async (value) => {
        const problem = await problemOf(name, value);
        return problem === undefined
          ? { value: value as ResponseSchemas[Name]["infer"] }
          : { issues: [{ message: problem }] };
      },
    },
  };
}
