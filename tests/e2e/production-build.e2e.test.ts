import { readdirSync, readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserForFile, PASSWORD, signUp, uniqueEmail } from "../support/browser";

const { newPage } = browserForFile();

const assets = readdirSync("dist/client/assets").filter((name) => name.endsWith(".js"));
const built = assets.map((name) => readFileSync(`dist/client/assets/${name}`, "utf8")).join("\n");

/**
 * Records, at the moment React replaces the boot placeholder (before that frame can paint), what the screen
 * shows: the page's heading, else a loading skeleton's status.
 */
async function watchFirstRender(page: Page) {
  await page.addInitScript(() => {
    let placeholder: Element | null | undefined;
    new MutationObserver((_, observer) => {
      placeholder ??= document.getElementById("root")?.firstElementChild;
      if (!placeholder || placeholder.isConnected) return;
      const screen =
        document.querySelector("main h1")?.textContent ??
        document.querySelector("main [role=status]")?.textContent ??
        "";
      (window as unknown as { firstScreen: string }).firstScreen = screen;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

const firstScreen = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstScreen?: string }).firstScreen);

describe("the production build", () => {
  it("leaves the Stately inspector out (dev-only switch)", () => {
    expect(assets.length).toBeGreaterThan(0);
    expect(built).not.toMatch(/statelyai|createBrowserInspector|stately\.ai/);
  });

  it("keeps arktype out of the first load, and the client's response check out of the build", () => {
    // What the entry loads before anything lazy: its static imports, followed to the end.
    const html = readFileSync("dist/client/index.html", "utf8");
    const entry = /<script type="module"[^>]* src="\/assets\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const initial = new Set<string>();
    const visit = (name: string) => {
      if (initial.has(name)) return;
      initial.add(name);
      const code = readFileSync(`dist/client/assets/${name}`, "utf8");
      // arktype's code (it names itself as a Standard Schema vendor), not a file name that mentions it.
      expect(code.replace(/\.\/[\w.-]+\.js/g, ""), name).not.toContain("arktype");
      for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) visit(m[1]!);
    };
    visit(entry!);
    expect(initial.size).toBeGreaterThan(1);
    // Answers are read through their schemas in development and tests only (lib/api-client.ts).
    expect(built).toContain("answered without the envelope");
    expect(built).not.toContain("answered data its schema refuses");
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

  it("links its stylesheet before the entry, so the app never renders unstyled", () => {
    // A linked stylesheet in the head holds back the entry's code (a module script) until it applies.
    const html = readFileSync("dist/client/index.html", "utf8");
    const stylesheet = html.search(/<link rel="stylesheet"[^>]* href="\/assets\/[^"]+\.css">/);
    expect(stylesheet).toBeGreaterThan(0);
    expect(stylesheet).toBeLessThan(html.indexOf("</head>"));
    expect(html).not.toMatch(/<link rel="preload" as="style"/);
  });

  it("replaces the boot placeholder with the signed-in page itself, never the app's loading skeleton first", async () => {
    const page = await newPage();
    await watchFirstRender(page);
    await signUp(page);
    for (const [path, heading] of [
      ["/dashboard", "Dashboard"],
      ["/availability", "Availability"],
      ["/settings", "Settings"],
      ["/bookings?view=calendar", "Bookings"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      expect(await firstScreen(page), path).toBe(heading);
    }
    await page.context().close();
  });

  it("asks for the session while the page is parsed, and the app uses that answer", async () => {
    const page = await newPage();
    const refreshes: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/refresh") refreshes.push(request.method());
    });
    // Holds the entry's code until the refresh has gone out: only the document's own markup can send it meanwhile.
    const holdEntryUntilRefresh = async () => {
      const asked = page.waitForRequest("**/api/auth/refresh");
      await page.unrouteAll();
      await page.route(/\/assets\/index-[\w-]{8}\.js$/, async (route) => {
        await asked;
        await route.continue();
      });
    };
    await holdEntryUntilRefresh();
    await page.goto("/auth/sign-in");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(refreshes).toEqual(["POST"]);

    // Signed up through the API: the context keeps the session cookie it sets.
    const origin = new URL(page.url()).origin;
    const signedUp = await page.request.post(`${origin}/api/auth/sign-up`, {
      data: { email: uniqueEmail("parsed"), password: PASSWORD },
      headers: { Origin: origin },
    });
    expect(signedUp.ok()).toBe(true);
    refreshes.length = 0;
    await holdEntryUntilRefresh();
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main navigation" }).waitFor();
    // One refresh resumed the session: the app took the early answer instead of spending the token again.
    expect(refreshes).toEqual(["POST"]);
    await page.context().close();
  });

  it("shows a signed-in page's answers without a Content-Security-Policy report", async () => {
    // No schema code starts on a page's load: arktype's start-up probes for eval, which the policy refuses.
    const page = await newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text());
    });
    await signUp(page);
    await page.reload();
    await page.getByText("No recent calls").waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
