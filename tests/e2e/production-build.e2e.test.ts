import { existsSync, readdirSync, readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { PAGE_MODULES, SIGNED_IN_MODULES } from "@shared/page-modules";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserForFile, PASSWORD, signUp, uniqueEmail } from "../support/browser";

const { newPage } = browserForFile();

const assets = readdirSync("dist/client/assets").filter((name) => name.endsWith(".js"));
const built = assets.map((name) => readFileSync(`dist/client/assets/${name}`, "utf8")).join("\n");

type FirstRender = { styled: boolean; screen: string };

/**
 * Records, at the moment React replaces the boot placeholder (before that frame can paint), whether the app's
 * stylesheet is in effect and what the screen shows: the page's heading, else a loading skeleton's status.
 */
async function watchFirstRender(page: Page) {
  await page.addInitScript(() => {
    let placeholder: Element | null | undefined;
    new MutationObserver((_, observer) => {
      placeholder ??= document.getElementById("root")?.firstElementChild;
      if (!placeholder || placeholder.isConnected) return;
      const seen: FirstRender = {
        styled: [...document.styleSheets].some((sheet) => sheet.href?.endsWith(".css")),
        screen:
          document.querySelector("main h1")?.textContent ??
          document.querySelector("main [role=status]")?.textContent ??
          "",
      };
      (window as unknown as { firstRender: FirstRender }).firstRender = seen;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

const firstRender = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstRender?: FirstRender }).firstRender);

describe("the production build", () => {
  it("leaves the Stately inspector out (dev-only switch)", () => {
    expect(assets.length).toBeGreaterThan(0);
    expect(built).not.toMatch(/statelyai|createBrowserInspector|stately\.ai/);
  });

  it("keeps arktype's schemas out of the entry chunk", () => {
    const html = readFileSync("dist/client/index.html", "utf8");
    const entry = /<script type="module"[^>]* src="\/assets\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect(readFileSync(`dist/client/assets/${entry}`, "utf8")).not.toMatch(/arktype|ArkErrors/);
  });

  it("holds arktype in one lazily loaded chunk and the response checker's worker, outside the first load", () => {
    // Its code, not the file names other chunks import it by.
    const withArktype = assets.filter((name) =>
      readFileSync(`dist/client/assets/${name}`, "utf8")
        .replace(/arktype-[\w-]{8}\.js/g, "")
        .includes("arktype"),
    );
    expect(withArktype.map((name) => name.replace(/-[\w-]{8}\.js$/, "")).sort()).toEqual([
      "arktype",
      "response-check.worker",
    ]);
    // What the entry loads before anything lazy: its static imports, followed to the end.
    const html = readFileSync("dist/client/index.html", "utf8");
    const entry = /<script type="module"[^>]* src="\/assets\/([^"]+)"/.exec(html)![1]!;
    const initial = new Set<string>();
    const visit = (name: string) => {
      if (initial.has(name)) return;
      initial.add(name);
      const code = readFileSync(`dist/client/assets/${name}`, "utf8");
      for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) visit(m[1]!);
    };
    visit(entry);
    expect(initial.size).toBeGreaterThan(1);
    for (const name of withArktype) expect(initial).not.toContain(name);
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

  it("lets the boot placeholder paint before the stylesheet: preloaded, not linked, and only two modulepreloads", () => {
    const html = readFileSync("dist/client/index.html", "utf8");
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(
      /<link rel="preload" as="style" fetchpriority="low" crossorigin href="\/assets\/[^"]+\.css">/,
    );
    // Nothing the placeholder's paint does not need is asked for at a priority that would put it first.
    expect(html).toMatch(/<script type="module" fetchpriority="low" crossorigin src="\/assets\/[^"]+\.js">/);
    expect(html).not.toMatch(/<link rel="modulepreload"(?![^>]*fetchpriority="low")/);
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/assets\/([^"]+)"/g)];
    expect(preloads.map((m) => m[1]!.replace(/-[\w-]{8}\.js$/, "")).sort()).toEqual([
      "framework",
      "rolldown-runtime",
    ]);
  });

  it("lists the files of every signed-in page's code, for the server to name in that page's HTML", () => {
    const preloads: Record<string, string[]> = JSON.parse(
      readFileSync("dist/client/module-preloads.json", "utf8"),
    );
    for (const module of [...SIGNED_IN_MODULES, ...Object.values(PAGE_MODULES)]) {
      const files = preloads[module];
      expect(files?.length, module).toBeGreaterThan(0);
      for (const file of files ?? []) expect(existsSync(`dist/client/${file}`), file).toBe(true);
    }
  });

  it("never renders the app before its stylesheet applies, signed out or in", async () => {
    const page = await newPage();
    await watchFirstRender(page);
    // Holds the stylesheet until the given start-up catalog has arrived, the last thing a first render waits
    // for besides the stylesheet: an entry that did not wait for it would render in between. The wait starts
    // before the navigation, so a catalog that arrives before the stylesheet is asked for still counts.
    const holdStylesheetUntil = async (catalog: RegExp) => {
      const arrived = page.waitForResponse((response) => catalog.test(response.url())).catch(() => undefined);
      await page.unrouteAll();
      await page.route("**/assets/*.css", async (route) => {
        await arrived;
        await route.continue();
      });
    };
    const styledAtFirstRender = async () => (await firstRender(page))?.styled;
    await holdStylesheetUntil(/\/assets\/public-[\w-]{8}\.js$/);
    await page.goto("/auth/sign-in");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(await styledAtFirstRender()).toBe(true);
    await signUp(page);
    await holdStylesheetUntil(/\/assets\/signed-in-[\w-]{8}\.js$/);
    await page.reload();
    await page.getByRole("navigation", { name: "Main navigation" }).waitFor();
    expect(await styledAtFirstRender()).toBe(true);
    await page.context().close();
  });

  it("replaces the boot placeholder with the signed-in page itself, never the app's loading skeleton first", async () => {
    const page = await newPage();
    await watchFirstRender(page);
    const firstScreen = async () => (await firstRender(page))?.screen;
    await signUp(page);
    for (const [path, heading] of [
      ["/dashboard", "Dashboard"],
      ["/availability", "Availability"],
      ["/settings", "Settings"],
      ["/bookings?view=calendar", "Bookings"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      expect(await firstScreen(), path).toBe(heading);
    }
    await page.context().close();
  });

  it("asks for the session and the stored language's messages while the page is parsed, and the app uses those answers", async () => {
    const preloads: Record<string, string[]> = JSON.parse(
      readFileSync("dist/client/module-preloads.json", "utf8"),
    );
    const page = await newPage();
    await page.addInitScript(() => localStorage.setItem("language", "pl"));
    const requested: string[] = [];
    page.on("request", (request) => requested.push(`${request.method()} ${new URL(request.url()).pathname}`));
    // Holds the entry script until the given files have been asked for (5 s at most), then lets it through: only
    // the document's own markup can ask for anything meanwhile. `asked` says whether they were.
    const holdEntryUntilAsked = async (files: string[]) => {
      const asked = () => files.every((file) => requested.includes(`GET /${file}`));
      let settle: (verdict: boolean) => void = () => {};
      const verdict = new Promise<boolean>((resolve) => {
        settle = resolve;
      });
      await page.unrouteAll();
      await page.route(/\/assets\/index-[\w-]{8}\.js$/, async (route) => {
        const deadline = Date.now() + 5_000;
        while (!asked() && Date.now() < deadline) await new Promise((tick) => setTimeout(tick, 20));
        settle(asked());
        await route.continue();
      });
      return { asked: verdict };
    };

    const publicMessages = await holdEntryUntilAsked(preloads["locales/pl/public.po"]!);
    await page.goto("/auth/sign-in");
    await page.getByRole("button", { name: "Zaloguj się" }).waitFor();
    expect(await publicMessages.asked).toBe(true);
    expect(requested.filter((line) => line.endsWith("/api/auth/refresh"))).toEqual([
      "POST /api/auth/refresh",
    ]);
    for (const file of [...preloads["locales/en/public.po"]!, ...preloads["locales/pl/signed-in.po"]!])
      expect(requested).not.toContain(`GET /${file}`);

    // Signed up through the API (the page speaks Polish): the context keeps the session cookie it sets.
    const origin = new URL(page.url()).origin;
    const signedUp = await page.request.post(`${origin}/api/auth/sign-up`, {
      data: { email: uniqueEmail("parsed"), password: PASSWORD },
      headers: { Origin: origin },
    });
    expect(signedUp.ok()).toBe(true);
    requested.length = 0;
    const signedInCode = await holdEntryUntilAsked([
      ...preloads["locales/pl/signed-in.po"]!,
      ...preloads["src/client/app/protected-area.tsx"]!,
    ]);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Nawigacja główna" }).waitFor();
    expect(await signedInCode.asked).toBe(true);
    // One refresh resumed the session: the app took the early answer instead of spending the token again.
    expect(requested.filter((line) => line.endsWith("/api/auth/refresh"))).toEqual([
      "POST /api/auth/refresh",
    ]);
    await page.context().close();
  });

  it("shows a page's answers when the response checker's worker cannot start, checked on the main thread", async () => {
    const page = await newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text());
    });
    await signUp(page);
    // The worker's script refused: the first check finds it failing and every check runs in the page.
    await page.route(/\/assets\/response-check\.worker-[\w-]{8}\.js$/, (route) =>
      route.fulfill({ status: 404 }),
    );
    await page.reload();
    await page.getByText("No recent calls").waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
