// What a first visit costs, measured two ways on the production build (gzip -9 of each built file):
// - critical: the entry, the route's chunks and everything they import statically (what the page
//   needs before it can render), plus the active language's catalogs and date-fns locale;
// - loaded: every JS/CSS file the browser fetched until the network went idle, deferred parts included.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";

export type Weight = { jsKB: number; cssKB: number; files: string[] };
export type BundleWeight = { critical: Weight; loaded: Weight };

const ASSETS = "dist/client/assets";
const gzipKB = (file: string) => gzipSync(readFileSync(`${ASSETS}/${file}`), { level: 9 }).length / 1024;
const STATIC_IMPORT = /import\s*(?:[^"'()]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g;

function staticClosure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, imported] of readFileSync(`${ASSETS}/${file}`, "utf8").matchAll(STATIC_IMPORT))
      visit(imported!);
  };
  roots.forEach(visit);
  return seen;
}

function weigh(files: Iterable<string>): Weight {
  const sorted = [...new Set(files)].sort();
  const sum = (ext: string) =>
    Number(
      sorted
        .filter((f) => f.endsWith(ext))
        .reduce((kb, f) => kb + gzipKB(f), 0)
        .toFixed(1),
    );
  return { jsKB: sum(".js"), cssKB: sum(".css"), files: sorted };
}

/** `routeChunks`: name prefixes of the lazily loaded chunks the URL renders (e.g. "dashboard-page-"). */
export async function initialWeight(
  page: Page,
  url: string,
  routeChunks: string[] = [],
): Promise<BundleWeight> {
  const fetched = new Set<string>();
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/.+\.(js|css)$/.test(pathname)) fetched.add(pathname.slice("/assets/".length));
  });
  await page.goto(url, { waitUntil: "networkidle" });
  page.removeAllListeners("request");

  const html = readFileSync("dist/client/index.html", "utf8");
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error("no entry script in dist/client/index.html");
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"/g)].map(
    (m) => m[1]!,
  );
  const routeFiles = [...fetched].filter((f) => routeChunks.some((prefix) => f.startsWith(prefix)));
  const missing = routeChunks.filter((prefix) => !routeFiles.some((f) => f.startsWith(prefix)));
  if (missing.length) throw new Error(`${url} did not load route chunks ${missing.join(", ")}`);
  const language = [...fetched].filter((f) => /^(public|signed-in|en-US)-/.test(f));
  const critical = [...staticClosure([entry, ...routeFiles]), ...css, ...language];
  return { critical: weigh(critical), loaded: weigh(fetched) };
}
