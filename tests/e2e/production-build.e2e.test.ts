import { readdirSync, readFileSync } from "node:fs";
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
});
