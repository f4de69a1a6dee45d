// Streams a JSON Lines file of call reports to POST /api/assistant/calls/import, in batches, remembering
// after each confirmed batch where it stands, so an interrupted import resumes where it stopped.
import {
  createReadStream,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { appendFile } from "node:fs/promises";
import { resolve } from "node:path";
import { type } from "arktype";
import {
  CALL_IMPORT_MAX_ITEMS,
  type CallImportResult,
  callImportResult,
} from "../src/shared/call-import.schema";

/** Well under the server's 8 MiB body limit, so a batch of long transcripts still fits. */
const MAX_BATCH_BYTES = 6 * 1024 * 1024;
const MAX_ATTEMPTS = 6;

export type ImportProgress = {
  bytesDone: number;
  bytesTotal: number;
  lines: number;
  accepted: number;
  refused: number;
};

export type ImportOptions = {
  url: string;
  key: string;
  file: string;
  batchSize?: number;
  /** Start over even when a saved position exists. */
  restart?: boolean;
  signal?: AbortSignal;
  log?: (line: string) => void;
  progress?: (progress: ImportProgress) => void;
  /** Waits between retries; tests pass a quicker one. */
  wait?: (ms: number) => Promise<void>;
};

export type ImportSummary = ImportProgress & {
  /** The line the run started at (1 unless it resumed). */
  startLine: number;
  finished: boolean;
  refusedLog: string;
};

const savedState = type({
  size: "number",
  mtimeMs: "number",
  offset: "number.integer >= 0",
  lines: "number.integer >= 0",
  accepted: "number.integer >= 0",
  refused: "number.integer >= 0",
  refusedLogBytes: "number.integer >= 0",
});
type SavedState = typeof savedState.infer;

type Line = { number: number; text: string; end: number };

/** The file's lines from byte `start` on, each with its 1-based number and the byte offset after it. */
async function* linesFrom(file: string, start: number, firstNumber: number): AsyncGenerator<Line> {
  let pending = Buffer.alloc(0);
  let offset = start;
  let number = firstNumber;
  for await (const chunk of createReadStream(file, { start })) {
    pending = Buffer.concat([pending, chunk as Buffer]);
    for (let newline = pending.indexOf(10); newline !== -1; newline = pending.indexOf(10)) {
      offset += newline + 1;
      yield {
        number: number++,
        text: pending.subarray(0, newline).toString("utf8").replace(/\r$/, ""),
        end: offset,
      };
      pending = pending.subarray(newline + 1);
    }
  }
  if (pending.length > 0) yield { number, text: pending.toString("utf8"), end: offset + pending.length };
}

const refusal = type({ line: "number.integer >= 1", externalId: "string | null", message: "string" });
export type Refusal = typeof refusal.infer;

/** The refusals recorded in a FILE.refused.jsonl, in file order. */
export function readRefusals(path: string): Refusal[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => refusal.assert(JSON.parse(line)));
}

const errorBody = type({ error: { message: "string" } });

class ImportStopped extends Error {}

async function send(
  options: ImportOptions,
  calls: unknown[],
  wait: (ms: number) => Promise<void>,
): Promise<CallImportResult> {
  for (let attempt = 1; ; attempt++) {
    let retryAfterMs = 1000 * 2 ** (attempt - 1);
    let problem: string;
    try {
      const response = await fetch(`${options.url}/api/assistant/calls/import`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Api-Key": options.key },
        body: JSON.stringify({ calls }),
        ...(options.signal && { signal: options.signal }),
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const data = callImportResult(
          typeof body === "object" && body !== null && "data" in body ? body.data : undefined,
        );
        if (data instanceof type.errors)
          throw new ImportStopped(`The server's answer was not understood: ${data.summary}`);
        return data;
      }
      const failure = errorBody(body);
      const message = failure instanceof type.errors ? response.statusText : failure.error.message;
      if (response.status === 401)
        throw new ImportStopped("The server refused the API key (401): check --key");
      if (response.status !== 429 && response.status < 500) {
        throw new ImportStopped(`The server refused the batch (${response.status}): ${message}`);
      }
      const retryAfter = Number(response.headers.get("retry-after"));
      if (Number.isFinite(retryAfter) && retryAfter > 0) retryAfterMs = retryAfter * 1000;
      problem = `${response.status} ${message}`;
    } catch (error) {
      if (error instanceof ImportStopped || options.signal?.aborted) throw error;
      problem = error instanceof Error ? error.message : String(error);
    }
    if (attempt === MAX_ATTEMPTS) throw new ImportStopped(`Giving up after ${attempt} attempts: ${problem}`);
    options.log?.(`  ${problem}; trying again in ${Math.round(retryAfterMs / 1000)} s`);
    await wait(retryAfterMs);
  }
}

/**
 * Imports `file` (one JSON call report a line; blank lines skipped). Lines that are not JSON, or that the
 * server refuses, are recorded with their line number and reason in FILE.refused.jsonl; the position after
 * the last confirmed batch is kept in FILE.import-state.json until the import finishes.
 */
export async function importCallHistory(options: ImportOptions): Promise<ImportSummary> {
  const file = resolve(options.file);
  const statePath = `${file}.import-state.json`;
  const refusedLog = `${file}.refused.jsonl`;
  const batchSize = Math.min(options.batchSize ?? CALL_IMPORT_MAX_ITEMS, CALL_IMPORT_MAX_ITEMS);
  const wait = options.wait ?? ((ms) => new Promise<void>((done) => setTimeout(done, ms)));
  const { size, mtimeMs } = statSync(file);

  let state: SavedState = { size, mtimeMs, offset: 0, lines: 0, accepted: 0, refused: 0, refusedLogBytes: 0 };
  if (!options.restart && existsSync(statePath)) {
    const saved = savedState(JSON.parse(readFileSync(statePath, "utf8")));
    if (saved instanceof type.errors) {
      throw new ImportStopped(`${statePath} is not a saved position (${saved.summary}); run with --restart`);
    }
    if (saved.size !== size || saved.mtimeMs !== mtimeMs) {
      throw new ImportStopped(
        `${options.file} has changed since the interrupted import; run with --restart to import it from the start`,
      );
    }
    state = saved;
    options.log?.(`Resuming at line ${state.lines + 1} (${state.accepted} calls already imported)`);
  }
  // What an interrupted run recorded after its last confirmed batch is recorded again when that batch is resent.
  if (existsSync(refusedLog)) truncateSync(refusedLog, state.refusedLogBytes);
  else writeFileSync(refusedLog, "");
  const startLine = state.lines + 1;

  const save = () => {
    writeFileSync(`${statePath}.tmp`, JSON.stringify(state));
    renameSync(`${statePath}.tmp`, statePath);
  };
  const report = () =>
    options.progress?.({
      bytesDone: state.offset,
      bytesTotal: size,
      lines: state.lines,
      accepted: state.accepted,
      refused: state.refused,
    });

  let batch: { line: number; call: unknown }[] = [];
  let batchBytes = 0;
  let local: Refusal[] = [];
  let batchEnd = state.offset;
  let batchLines = state.lines;

  const flush = async () => {
    const refusals = [...local];
    let accepted = 0;
    if (batch.length > 0) {
      const result = await send(
        options,
        batch.map((item) => item.call),
        wait,
      );
      accepted = result.accepted;
      for (const item of result.results) {
        if (!item.accepted)
          refusals.push({
            line: batch[item.index]!.line,
            externalId: item.externalId,
            message: item.error.message,
          });
      }
    }
    refusals.sort((a, b) => a.line - b.line);
    const text = refusals.map((refusal) => `${JSON.stringify(refusal)}\n`).join("");
    await appendFile(refusedLog, text);
    state = {
      ...state,
      offset: batchEnd,
      lines: batchLines,
      accepted: state.accepted + accepted,
      refused: state.refused + refusals.length,
      refusedLogBytes: state.refusedLogBytes + Buffer.byteLength(text),
    };
    save();
    report();
    batch = [];
    batchBytes = 0;
    local = [];
  };

  report();
  for await (const line of linesFrom(file, state.offset, startLine)) {
    if (options.signal?.aborted) break;
    const bytes = Buffer.byteLength(line.text);
    if (line.text.trim() !== "") {
      let call: unknown;
      try {
        call = JSON.parse(line.text);
      } catch {
        local.push({ line: line.number, externalId: null, message: "not valid JSON" });
      }
      if (call !== undefined && bytes > MAX_BATCH_BYTES) {
        local.push({ line: line.number, externalId: null, message: `longer than ${MAX_BATCH_BYTES} bytes` });
      } else if (call !== undefined) {
        if (batch.length === batchSize || batchBytes + bytes > MAX_BATCH_BYTES) await flush();
        batch.push({ line: line.number, call });
        batchBytes += bytes + 1;
      }
    }
    batchEnd = line.end;
    batchLines = line.number;
  }
  const finished = !options.signal?.aborted;
  if (finished) await flush();
  if (finished) rmSync(statePath, { force: true });
  return { ...state, bytesDone: state.offset, bytesTotal: size, startLine, finished, refusedLog };
}

export { ImportStopped };
