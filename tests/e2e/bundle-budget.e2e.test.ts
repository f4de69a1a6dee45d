import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserForFile, signUp } from "../support/browser";

// Budgets (gzip -9 of the built files), measured as bench/bundle-size.ts does: "critical" is the
// entry, the route's lazily loaded chunks and everything they import statically, plus the active
// language's catalog and date-fns locale; "loaded" is every JS file fetched until the network is idle.
const ASSETS = "dist/client/assets";
const STATIC_IMPORT = /import\s*(?:[^"'()]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g;
const gzipKB = (files: Iterable<string>) =>
  Number(
    (
      [...files].reduce(
        (sum, file) => sum + gzipSync(readFileSync(`${ASSETS}/${file}`), { level: 9 }).length,
        0,
      ) / 1024
    ).toFixed(1),
  );

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

async function weigh(page: Page, url: string, routeChunks: string[]) {
  const fetched = new Set<string>();
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/.+\.js$/.test(pathname)) fetched.add(pathname.slice("/assets/".length));
  });
  await page.goto(url, { waitUntil: "networkidle" });
  page.removeAllListeners("request");
  const html = readFileSync("dist/client/index.html", "utf8");
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)![1]!;
  const route = [...fetched].filter((file) => routeChunks.some((prefix) => file.startsWith(prefix)));
  expect(route.length).toBe(routeChunks.length);
  const language = [...fetched].filter((file) => /^(messages|en-US)-/.test(file));
  return {
    critical: gzipKB(new Set([...staticClosure([entry, ...route]), ...language])),
    loaded: gzipKB(fetched),
  };
}

const { newPage } = browserForFile();

describe("initial JavaScript stays within budget (gzip)", () => {
  it("sign-in ≤ 120 KB; /dashboard and /calls ≤ 170 KB each", async () => {
    const guest = await newPage();
    const signIn = await weigh(guest, "/auth/sign-in", []);
    await guest.context().close();

    const page = await newPage();
    await signUp(page);
    const context = page.context();
    const area = "protected-area-";
    const dashboard = await weigh(await context.newPage(), "/dashboard", [area, "dashboard-page-"]);
    const calls = await weigh(await context.newPage(), "/calls", [area, "calls-page-"]);
    const settings = await weigh(await context.newPage(), "/settings", [area, "settings-page-"]);
    await context.close();

    console.info(
      `critical JS (loaded until idle), KB: sign-in ${signIn.critical} (${signIn.loaded}), ` +
        `/dashboard ${dashboard.critical} (${dashboard.loaded}), /calls ${calls.critical} (${calls.loaded}), ` +
        `/settings ${settings.critical} (${settings.loaded})`,
    );
    expect(signIn.critical).toBeLessThanOrEqual(120);
    expect(dashboard.critical).toBeLessThanOrEqual(170);
    expect(calls.critical).toBeLessThanOrEqual(170);
  });
});
