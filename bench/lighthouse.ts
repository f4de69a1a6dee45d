import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

/** The timings behind the performance score, in milliseconds (CLS: unitless). */
export type LighthouseMetrics = { fcp: number; lcp: number; tbt: number; speedIndex: number; cls: number };

export type LighthouseScores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  metrics: LighthouseMetrics;
  /**
   * Lighthouse's measure of the host's CPU and the browser that ran: the simulation slows the host's own
   * timings down 4×, so the same code scores differently on another machine or Chromium.
   */
  host: { benchmarkIndex: number; chromium: string };
};

type LighthouseResult = LighthouseScores | { error: string };

/** Lighthouse's two form factors: its default (a mid-range phone, throttled) and its desktop preset. */
export type FormFactor = "mobile" | "desktop";

/**
 * Lighthouse with Debian's chromium, as `formFactor` emulates it; scores 0–100. Asynchronous on purpose:
 * blocking the event loop would leave pooled keep-alive sockets looking alive after the server closed them.
 */
async function lighthouse(
  url: string,
  formFactor: FormFactor,
  extraHeaders?: Record<string, string>,
): Promise<LighthouseResult> {
  const out = join(mkdtempSync(join(tmpdir(), "calldesk-lh-")), "report.json");
  const args = [
    "lighthouse",
    url,
    "--quiet",
    "--only-categories=performance,accessibility,best-practices",
    "--output=json",
    `--output-path=${out}`,
    `--chrome-flags=${[...CHROMIUM_ARGS, "--headless=new"].join(" ")}`,
    ...(formFactor === "desktop" ? ["--preset=desktop"] : []),
    ...(extraHeaders ? [`--extra-headers=${JSON.stringify(extraHeaders)}`] : []),
  ];
  const child = spawn("npx", args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    timeout: 180_000,
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (status !== 0) {
    // npx's own warnings share the stream; the reason is Lighthouse's last lines.
    const said = output
      .split("\n")
      .filter((line) => line.trim() && !line.startsWith("npm warn"))
      .join("\n");
    return { error: (said || "lighthouse failed").slice(-400) };
  }
  const report = JSON.parse(readFileSync(out, "utf8")) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
    environment?: { benchmarkIndex?: number; hostUserAgent?: string };
  };
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  const metric = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    metrics: {
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      speedIndex: metric("speed-index"),
      cls: metric("cumulative-layout-shift"),
    },
    host: {
      benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
      // The user agent carries the major version only (later parts read 0.0.0).
      chromium: /Chrome\/(\d+)/.exec(report.environment?.hostUserAgent ?? "")?.[1] ?? "unknown",
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * `runs` Lighthouse runs one after another, each figure the median of its own values (a single run
 * swings by several points). `headers` is asked before each run: a session cookie serves one run only.
 * A failed run (now and then Lighthouse finds no navigation start in its own trace: NO_NAVSTART) is left out,
 * counted, and made up for by another, two at most.
 */
export async function lighthouseMedian(
  url: string,
  runs: number,
  formFactor: FormFactor,
  headers: () => Promise<Record<string, string> | undefined> = async () => undefined,
): Promise<{ scores: LighthouseScores | null; runs: number; errors: string[] }> {
  const done: LighthouseScores[] = [];
  const errors: string[] = [];
  for (let attempt = 0; done.length < runs && attempt < runs + 2; attempt++) {
    const result = await lighthouse(url, formFactor, await headers());
    if ("error" in result) errors.push(result.error);
    else done.push(result);
  }
  if (done.length === 0) return { scores: null, runs: 0, errors };
  const of = (pick: (scores: LighthouseScores) => number) => median(done.map(pick));
  return {
    scores: {
      performance: of((s) => s.performance),
      accessibility: of((s) => s.accessibility),
      bestPractices: of((s) => s.bestPractices),
      metrics: {
        fcp: of((s) => s.metrics.fcp),
        lcp: of((s) => s.metrics.lcp),
        tbt: of((s) => s.metrics.tbt),
        speedIndex: of((s) => s.metrics.speedIndex),
        cls: of((s) => s.metrics.cls),
      },
      host: { benchmarkIndex: of((s) => s.host.benchmarkIndex), chromium: done[0]!.host.chromium },
    },
    runs: done.length,
    errors,
  };
}
