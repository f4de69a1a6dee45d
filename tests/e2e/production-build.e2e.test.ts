import { readdirSync, readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const assets = readdirSync("dist/client/assets").filter((name) => name.endsWith(".js"));
const built = assets.map((name) => readFileSync(`dist/client/assets/${name}`, "utf8")).join("\n");

describe("the production build", () => {
  it("leaves the Stately inspector out (dev-only switch)", () => {
    expect(assets.length).toBeGreaterThan(0);
    expect(built).not.toMatch(/statelyai|createBrowserInspector|stately\.ai/);
  });

  it("keeps arktype's schemas out of the entry chunk", () => {
    const html = readFileSync("dist/client/index.html", "utf8");
    const entry = /<script type="module" crossorigin src="\/assets\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect(readFileSync(`dist/client/assets/${entry}`, "utf8")).not.toMatch(/arktype|ArkErrors/);
  });

  it("holds arktype only in the response checker's worker and its fallback, which no chunk imports statically", () => {
    const withArktype = assets.filter((name) =>
      readFileSync(`dist/client/assets/${name}`, "utf8").includes("arktype"),
    );
    expect(withArktype.map((name) => name.replace(/-[\w-]{8}\.js$/, ""))).toEqual([
      "response-check.worker",
      "response-schemas",
    ]);
    for (const name of withArktype) expect(built).not.toMatch(new RegExp(`(from|import)\\s*["']\\./${name}`));
  });

  it("ships every sizeable script and stylesheet with brotli and gzip copies of the same bytes", () => {
    const files = readdirSync("dist/client/assets").filter((name) => /\.(js|css)$/.test(name));
    const sizeable = files.filter((name) => readFileSync(`dist/client/assets/${name}`).length >= 1024);
    expect(sizeable.length).toBeGreaterThan(0);
    for (const name of sizeable) {
      const original = readFileSync(`dist/client/assets/${name}`);
      expect(brotliDecompressSync(readFileSync(`dist/client/assets/${name}.br`)).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(`dist/client/assets/${name}.gz`)).equals(original)).toBe(true);
    }
  });
});
