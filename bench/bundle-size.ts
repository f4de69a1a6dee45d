// What a first visit downloads: every JS and CSS file the page requests until the network is idle,
// measured as gzip of the built file (what the server's compression sends).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";

export type BundleWeight = { jsKB: number; cssKB: number; files: string[] };

const gzipKB = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

export async function initialWeight(page: Page, url: string, distDir = "dist/client"): Promise<BundleWeight> {
  const files = new Set<string>();
  const record = (requestUrl: string) => {
    const { pathname } = new URL(requestUrl);
    if (/\.(js|css)$/.test(pathname)) files.add(pathname);
  };
  page.on("request", (request) => record(request.url()));
  await page.goto(url, { waitUntil: "networkidle" });
  page.removeAllListeners("request");
  let jsKB = 0;
  let cssKB = 0;
  for (const file of files) {
    const size = gzipKB(`${distDir}${file}`);
    if (file.endsWith(".js")) jsKB += size;
    else cssKB += size;
  }
  return { jsKB: Number(jsKB.toFixed(1)), cssKB: Number(cssKB.toFixed(1)), files: [...files].sort() };
}
