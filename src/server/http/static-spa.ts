import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import {
  MODULE_PRELOADS_FILE,
  PAGE_FILES_META,
  PAGE_MODULES,
  type PageKey,
  pageKeyOf,
  SIGNED_IN_MODULES,
} from "@shared/page-modules";
import { type } from "arktype";
import { Hono } from "hono";

export type Spa = {
  indexHtml: string;
  /** index.html for each signed-in page, naming that page's code for the browser to fetch at once. */
  pageHtml: Partial<Record<PageKey, string>>;
  /** `sha256-…` of each inline <script> in index.html, for the CSP. */
  inlineScriptHashes: string[];
};

const modulePreloads = type("Record<string, string[]>");

/**
 * index.html naming every file the page's modules need, before its first script: the page's start-up script
 * (scripts/module-preloads-plugin.ts) asks for them while the document is parsed, after the catalogs the
 * first render waits for, instead of after the entry has run and asked.
 */
function pageHtmlFrom(indexHtml: string, preloads: Record<string, string[]>): Spa["pageHtml"] {
  const pages: Spa["pageHtml"] = {};
  for (const [page, module] of Object.entries(PAGE_MODULES) as [PageKey, string][]) {
    const files = new Set([...SIGNED_IN_MODULES, module].flatMap((name) => preloads[name] ?? []));
    const named = [...files].filter((file) => !indexHtml.includes(`/${file}"`));
    if (named.length === 0) continue;
    const meta = `<meta name="${PAGE_FILES_META}" content="${named.join(" ")}">`;
    pages[page] = indexHtml.replace("<script", `${meta}<script`);
  }
  return pages;
}

function readModulePreloads(staticDir: string): Record<string, string[]> {
  const file = join(staticDir, MODULE_PRELOADS_FILE);
  if (!existsSync(file)) return {};
  const preloads = modulePreloads(JSON.parse(readFileSync(file, "utf8")));
  return preloads instanceof type.errors ? {} : preloads;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** Reads the built client once at start-up; null when STATIC_DIR holds no build (API-only, dev). */
export function loadSpa(staticDir: string): Spa | null {
  const indexFile = join(staticDir, "index.html");
  if (!existsSync(indexFile)) return null;
  const indexHtml = readFileSync(indexFile, "utf8");
  const inlineScriptHashes = [...indexHtml.matchAll(INLINE_SCRIPT)]
    .map((m) => m[1] ?? "")
    .filter((body) => body.trim() !== "")
    .map((body) => `sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  return { indexHtml, pageHtml: pageHtmlFrom(indexHtml, readModulePreloads(staticDir)), inlineScriptHashes };
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/**
 * Files from STATIC_DIR (precompressed .br/.gz when present), then the history fallback: any other GET
 * outside /api gets index.html, so client-side routes survive a reload.
 */
export function spaRouter(staticDir: string, spa: Spa) {
  const router = new Hono();
  const indexPaths = new Set(["/", "/index.html"]);
  const files = serveStatic({
    root: staticDir,
    precompressed: true,
    onFound: (_path, c) => {
      // Vite puts content-hashed files under /assets: their name changes whenever their bytes do.
      c.header("Cache-Control", c.req.path.startsWith("/assets/") ? IMMUTABLE : REVALIDATE);
    },
  });
  const isApi = (path: string) => path === "/api" || path.startsWith("/api/");
  router.get("*", (c, next) => {
    // index.html always comes from memory: it must be the very bytes the CSP hashes were computed from.
    if (isApi(c.req.path) || indexPaths.has(c.req.path)) return next();
    return files(c, next);
  });
  router.get("*", (c, next) => {
    // A missing hashed asset is a stale deploy, not a page: answering HTML there would poison the cache.
    if (isApi(c.req.path) || c.req.path.startsWith("/assets/")) return next();
    c.header("Cache-Control", REVALIDATE);
    const page = pageKeyOf(c.req.path);
    return c.html((page && spa.pageHtml[page]) ?? spa.indexHtml);
  });
  return router;
}
