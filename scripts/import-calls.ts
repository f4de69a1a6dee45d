// `npm run import-calls -- --url http://localhost:3000 --key cdk_… FILE.jsonl`: imports a call history (one
// JSON call report a line, as POST /api/assistant/calls takes it) with a progress bar.
//   --batch 1000    reports per request (at most 1,000)
//   --restart       ignore a saved position and import from the first line
// Interrupted (Ctrl+C, a lost connection), it keeps its place in FILE.import-state.json: run the same command
// again to go on. Lines refused, with their reasons, are listed at the end and kept in FILE.refused.jsonl.
import { parseArgs } from "node:util";
import { type ImportProgress, ImportStopped, importCallHistory, readRefusals } from "./call-history-import";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    key: { type: "string", default: process.env.CALLDESK_API_KEY },
    batch: { type: "string", default: "1000" },
    restart: { type: "boolean", default: false },
  },
});

const file = positionals[0];
const batchSize = Number(values.batch);
if (!file || !values.key || !Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1000) {
  console.error(
    "usage: npm run import-calls -- --url URL --key cdk_… [--batch 1..1000] [--restart] FILE.jsonl",
  );
  process.exit(2);
}

const started = performance.now();
let firstAccepted: number | null = null;
const tty = process.stderr.isTTY;
let lastPrintedTenth = -1;

/** A bar on one line on a terminal; a line per tenth of the file elsewhere (CI logs, pipes). */
function showProgress(p: ImportProgress) {
  firstAccepted ??= p.accepted;
  const share = p.bytesTotal ? p.bytesDone / p.bytesTotal : 1;
  const seconds = (performance.now() - started) / 1000;
  const rate = seconds > 0 ? (p.accepted - firstAccepted) / seconds : 0;
  const remaining = share > 0 && share < 1 ? (seconds / share) * (1 - share) : 0;
  const eta = remaining
    ? ` ETA ${Math.floor(remaining / 60)}:${String(Math.round(remaining % 60)).padStart(2, "0")}`
    : "";
  const text = `${(share * 100).toFixed(0).padStart(3)}%  line ${p.lines.toLocaleString("en")}  ${p.accepted.toLocaleString("en")} imported  ${p.refused.toLocaleString("en")} refused  ${Math.round(rate).toLocaleString("en")} calls/s${eta}`;
  if (tty) {
    const width = 24;
    const filled = Math.round(share * width);
    process.stderr.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${text}\u001b[K`);
  } else if (Math.floor(share * 10) > lastPrintedTenth) {
    lastPrintedTenth = Math.floor(share * 10);
    process.stderr.write(`${text}\n`);
  }
}

const stop = new AbortController();
process.once("SIGINT", () => stop.abort());

try {
  const summary = await importCallHistory({
    url: values.url.replace(/\/$/, ""),
    key: values.key,
    file,
    batchSize,
    restart: values.restart,
    signal: stop.signal,
    log: (line) => console.log(tty ? `\n${line}` : line),
    progress: showProgress,
  });
  if (tty) process.stderr.write("\n");
  if (!summary.finished) {
    console.log(`Interrupted after line ${summary.lines}: run the same command again to go on.`);
    process.exitCode = 130;
  } else {
    console.log(`Done: ${summary.accepted} calls imported, ${summary.refused} lines refused.`);
  }
  if (summary.refused > 0) {
    const refusals = readRefusals(summary.refusedLog);
    console.log("Refused:");
    for (const { line, externalId, message } of refusals.slice(0, 20)) {
      console.log(`  line ${line}${externalId ? ` (${externalId})` : ""}: ${message}`);
    }
    if (refusals.length > 20) console.log(`  … and ${refusals.length - 20} more`);
    console.log(`All refusals: ${summary.refusedLog}`);
  }
} catch (error) {
  if (tty) process.stderr.write("\n");
  const aborted = stop.signal.aborted;
  console.error(
    aborted
      ? "Interrupted: run the same command again to go on."
      : `${error instanceof ImportStopped ? error.message : error instanceof Error ? error.message : error}\nRun the same command again to go on from the last confirmed batch.`,
  );
  process.exitCode = aborted ? 130 : 1;
}
