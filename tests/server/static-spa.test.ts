import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server-harness";

const THEME_SCRIPT = "document.documentElement.dataset.theme = localStorage.getItem('theme') ?? 'system';";
const INDEX_HTML = `<!doctype html><html><head><script>${THEME_SCRIPT}</script>
<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const BUNDLE = `console.log(${JSON.stringify("x".repeat(4000))});`;

let dir: string;
let server: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "calldesk-static-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), INDEX_HTML);
  writeFileSync(join(dir, "assets", "index-abc123.js"), BUNDLE);
  writeFileSync(join(dir, "assets", "index-abc123.js.gz"), gzipSync(BUNDLE));
  writeFileSync(join(dir, "assets", "big-def456.css"), `body{color:red}${" ".repeat(20_000)}`);
  writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  server = await startTestServer({ env: { STATIC_DIR: dir } });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("static SPA", () => {
  it("serves index.html for / and for client routes, uncached, with COOP for the OAuth popup", async () => {
    for (const path of ["/", "/dashboard", "/auth/sign-in", "/settings?tab=company"]) {
      const response = await server.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
      expect(await response.text()).toBe(INDEX_HTML);
    }
  });

  it("allows exactly the inline theme script through a CSP hash, without unsafe-inline or unsafe-eval", async () => {
    const csp = (await server.request("/dashboard")).headers.get("content-security-policy")!;
    const hash = createHash("sha256").update(THEME_SCRIPT).digest("base64");
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-eval");
  });

  it("serves hashed assets as immutable, and precompressed when the client accepts it", async () => {
    const plain = await server.request("/assets/index-abc123.js", {
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("content-type")).toMatch(/javascript/);
    expect(await plain.text()).toBe(BUNDLE);

    const gzipped = await server.request("/assets/index-abc123.js", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(await gzipped.text()).toBe(BUNDLE); // fetch decodes it
  });

  it("compresses compressible files that have no precompressed copy", async () => {
    const response = await server.request("/assets/big-def456.css", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves other files with revalidation, and a missing asset as 404 rather than HTML", async () => {
    const icon = await server.request("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("cache-control")).toBe("no-cache");
    const missing = await server.request("/assets/gone-000.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("never answers an /api path with the SPA", async () => {
    const response = await server.request("/api/unknown");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: { code: "NOT_FOUND" } });
  });
});
