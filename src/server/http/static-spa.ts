import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

export type Spa = {
  indexHtml: string;
  /** `sha256-…` of each inline <script> in index.html, for the CSP. */
  inlineScriptHashes: string[];
};

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
  return { indexHtml, inlineScriptHashes };
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
    return c.html(spa.indexHtml);
  });
  return router;
}
