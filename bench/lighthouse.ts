import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

/** The timings behind the performance score, in milliseconds (CLS: unitless). */
export type LighthouseMetrics = { fcp: number; lcp: number; tbt: number; speedIndex: number; cls: number };

export type LighthouseScores =
  | { performance: number; accessibility: number; metrics: LighthouseMetrics }
  | { error: string };

/**
 * Lighthouse (mobile emulation, its default) with Debian's chromium; scores 0–100. Asynchronous on
 * purpose: blocking the event loop would leave pooled keep-alive sockets looking alive after the server
 * closed them.
 */
export async function lighthouse(
  url: string,
  extraHeaders?: Record<string, string>,
): Promise<LighthouseScores> {
  const out = join(mkdtempSync(join(tmpdir(), "calldesk-lh-")), "report.json");
  const args = [
    "lighthouse",
    url,
    "--quiet",
    "--only-categories=performance,accessibility",
    "--output=json",
    `--output-path=${out}`,
    `--chrome-flags=${[...CHROMIUM_ARGS, "--headless=new"].join(" ")}`,
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
  if (status !== 0) return { error: (output || "lighthouse failed").trim().slice(-400) };
  const report = JSON.parse(readFileSync(out, "utf8")) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  const metric = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    metrics: {
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      speedIndex: metric("speed-index"),
      cls: metric("cumulative-layout-shift"),
    },
  };
}
