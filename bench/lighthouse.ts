import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

export type LighthouseScores = { performance: number; accessibility: number } | { error: string };

/** Lighthouse (mobile emulation, its default) with Debian's chromium; scores 0–100. */
export function lighthouse(url: string): LighthouseScores {
  const out = join(mkdtempSync(join(tmpdir(), "calldesk-lh-")), "report.json");
  const run = spawnSync(
    "npx",
    [
      "lighthouse",
      url,
      "--quiet",
      "--only-categories=performance,accessibility",
      "--output=json",
      `--output-path=${out}`,
      `--chrome-flags=${[...CHROMIUM_ARGS, "--headless=new"].join(" ")}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: "utf8", timeout: 180_000 },
  );
  if (run.status !== 0)
    return { error: (run.stderr || run.stdout || "lighthouse failed").trim().slice(-400) };
  const report = JSON.parse(readFileSync(out, "utf8")) as {
    categories: Record<string, { score: number | null }>;
  };
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  return { performance: score("performance"), accessibility: score("accessibility") };
}
