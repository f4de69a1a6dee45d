import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { initialWeight } from "../../bench/bundle-size";
import { browserForFile, signUp } from "../support/browser";

const DIST = "dist/client";
const read = (file: string) => readFileSync(`${DIST}/${file.replace(/^\//, "")}`, "utf8");
const gzipKB = (files: Iterable<string>) =>
  Number(
    ([...files].reduce((sum, file) => sum + gzipSync(read(file), { level: 9 }).length, 0) / 1024).toFixed(1),
  );

/** The entry script and the chunks index.html preloads with it. */
function entryFiles(): string[] {
  const html = read("index.html");
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
}

/** A lazy chunk imported by `importer`, plus the chunks Vite preloads alongside it. */
function lazyChunk(importer: string, chunkPrefix: string): string[] {
  const code = read(importer);
  const list = JSON.parse(/m\.f=(\[[^\]]*\])/.exec(code)?.[1] ?? "[]") as string[];
  const call = new RegExp(
    `import\\(\`\\./(${chunkPrefix}-[\\w-]+\\.js)\`\\)[\\s\\S]{0,200}?__vite__mapDeps\\(\\[([\\d,]+)\\]\\)`,
  ).exec(code);
  if (!call) throw new Error(`no lazy import of ${chunkPrefix} in ${importer}`);
  const deps = call[2]!.split(",").map((index) => list[Number(index)]!);
  return [`assets/${call[1]}`, ...deps.filter((file) => file.endsWith(".js"))];
}

/** Entry + preloads, the protected area's chunk + preloads, the page's chunk + preloads. */
function routeFiles(pageChunk: string): Set<string> {
  const entry = entryFiles();
  const area = lazyChunk(entry[0]!, "protected-area");
  return new Set([...entry, ...area, ...lazyChunk(area[0]!, pageChunk)]);
}

const { newPage } = browserForFile();

describe("initial JavaScript stays within budget (gzip)", () => {
  it("sign-in ≤ 120 KB; /dashboard and /calls ≤ 170 KB each (entry + route chunks + preloads)", () => {
    const signIn = gzipKB(entryFiles());
    const dashboard = gzipKB(routeFiles("dashboard-page"));
    const calls = gzipKB(routeFiles("calls-page"));
    const detail = gzipKB(routeFiles("call-detail-page"));
    console.info(
      `route JS: sign-in ${signIn}, /dashboard ${dashboard}, /calls ${calls}, /calls/:id ${detail}`,
    );
    expect(signIn).toBeLessThanOrEqual(120);
    expect(dashboard).toBeLessThanOrEqual(170);
    expect(calls).toBeLessThanOrEqual(170);
  });

  it("reports everything a first visit downloads until the network is idle (after-paint chunks included)", async () => {
    const guest = await newPage();
    const signIn = await initialWeight(guest, "/auth/sign-in");
    await guest.context().close();
    const page = await newPage();
    await signUp(page);
    const context = page.context();
    const dashboard = await initialWeight(await context.newPage(), "/dashboard");
    const calls = await initialWeight(await context.newPage(), "/calls");
    await context.close();
    console.info(`until idle: sign-in ${signIn.jsKB}, /dashboard ${dashboard.jsKB}, /calls ${calls.jsKB}`);
    // Route JS plus the toast region, the language catalog and the date locale: a loose ceiling.
    expect(dashboard.jsKB).toBeLessThanOrEqual(190);
    expect(calls.jsKB).toBeLessThanOrEqual(190);
  });
});
