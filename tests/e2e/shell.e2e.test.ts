import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserForFile, builtFileOf, holdRequests, signIn, signUp } from "../support/browser";

const { newPage } = browserForFile();

/** Chromium's own network emulation: every request takes `latency` ms more (nothing is faked). */
async function slowNetwork(page: Page, latency: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

type Sighting = { path: string; skeleton: string | null; sidebar: string | null; width: number | null };

/**
 * From the first byte of every load: on each DOM change (observer callbacks run before the next paint,
 * so nothing painted escapes them), which skeleton is on screen, on which path, and how wide the sidebar
 * (the skeleton's or the real one) is. Read back with `sightings(page)`.
 */
async function watchEveryFrame(page: Page) {
  await page.addInitScript(() => {
    const seen: Sighting[] = [];
    (window as unknown as { sightings: Sighting[] }).sightings = seen;
    new MutationObserver(() => {
      const skeleton = document.querySelector("[data-skeleton]");
      const sidebar = document.querySelector("#app-sidebar, [data-skeleton=shell] [data-part=sidebar]");
      const width = sidebar ? sidebar.getBoundingClientRect().width : null;
      seen.push({
        path: location.pathname,
        skeleton: skeleton?.getAttribute("data-skeleton") ?? null,
        sidebar: sidebar ? (sidebar.id ? "real" : "skeleton") : null,
        width: width && width > 0 ? width : null,
      });
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
}

const sightings = (page: Page) =>
  page.evaluate(() => (window as unknown as { sightings: Sighting[] }).sightings);

const sidebarState = async (page: import("playwright-core").Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === "sidebar:state");

describe("the shell", () => {
  it("lists the six sections in order, marks the exact path active, and routes / and unknown paths to /dashboard", async () => {
    const page = await newPage();
    await signUp(page);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link").first().waitFor();
    const names = await nav.getByRole("link").allTextContents();
    expect(names.map((name) => name.trim())).toEqual([
      "Dashboard",
      "Calls",
      "Bookings",
      "Services",
      "Settings",
      "FAQ",
    ]);
    await nav.getByRole("link", { name: "Services" }).click();
    await page.waitForURL("**/services");
    // The current link moves with the page, once the page has come.
    await expect
      .poll(() => nav.getByRole("link", { name: "Services" }).getAttribute("aria-current"))
      .toBe("page");
    expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBeNull();
    await page.goto("/");
    await page.waitForURL("**/dashboard");
    await page.goto("/no/such/page");
    await page.waitForURL("**/dashboard");
    await page.goto("/faq");
    await expect.poll(() => page.getByText(/FAQ/).first().isVisible()).toBe(true);
    await page.context().close();
  });

  it("keeps the page shown, marked busy, while the next one's code comes, and asks for its data meanwhile", async () => {
    const page = await newPage();
    await signUp(page, "/dashboard");
    const dashboard = page.getByRole("heading", { level: 1, name: "Dashboard" });
    await dashboard.waitFor();
    const code = await holdRequests(
      page,
      `**/${builtFileOf("src/client/features/services/services-page.tsx")}`,
    );
    let servicesAsked = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/services") servicesAsked++;
    });
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Services" }).click();
    await page.waitForURL("**/services");
    await expect.poll(() => code.asked()).toBe(1);
    // The page's list is asked for beside its code, not once the code has run.
    await expect.poll(() => servicesAsked).toBe(1);
    // The dashboard stays as it was (no skeleton in its place), main marked busy, Dashboard still current.
    expect(await page.locator("main").getAttribute("aria-busy")).toBe("true");
    expect(await dashboard.isVisible()).toBe(true);
    expect(await page.locator("main [role=status]").count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    code.release();
    await page.getByRole("heading", { level: 1, name: "Services" }).waitFor();
    expect(await page.locator("main").getAttribute("aria-busy")).toBeNull();
    expect(await nav.getByRole("link", { name: "Services" }).getAttribute("aria-current")).toBe("page");
    // The page read the answer asked for ahead rather than asking again.
    expect(servicesAsked).toBe(1);
    await page.context().close();
  });

  it("collapses the sidebar to icons with tooltips, keeps it collapsed after a reload (cookie), Ctrl+B toggles", async () => {
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    await signUp(page);
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect.poll(async () => (await sidebarState(page))?.value).toBe("collapsed");
    const cookie = await sidebarState(page);
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(604_800 - 60);
    expect(lifetime).toBeLessThanOrEqual(604_800 + 1);

    await page.reload();
    await expect.poll(() => page.getByRole("button", { name: "Expand sidebar" }).isVisible()).toBe(true);
    // collapsed: the label is a tooltip (no delay in the sidebar), the link keeps its accessible name
    const calls = page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Calls" });
    await calls.hover();
    await expect.poll(() => page.getByRole("tooltip", { name: "Calls" }).isVisible()).toBe(true);

    await page.keyboard.press("Control+b");
    await expect.poll(async () => (await sidebarState(page))?.value).toBe("expanded");
    await page.keyboard.press("Meta+b");
    await expect.poll(async () => (await sidebarState(page))?.value).toBe("collapsed");
    await page.context().close();
  });

  it("draws a collapsed sidebar 3rem wide from the first paint on, skeleton included, and nothing shifts", async () => {
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    const email = await signUp(page);
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect.poll(async () => (await sidebarState(page))?.value).toBe("collapsed");
    await watchEveryFrame(page);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    const shifts = () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    await slowNetwork(page, 300);
    // A reload: the placeholder stays until the session is known and the page's code is in, then the page.
    await page.reload();
    await page.getByRole("button", { name: "Expand sidebar" }).waitFor();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page
      .getByRole("heading", { name: "Calls today" })
      .locator("xpath=../following-sibling::*[not(@aria-hidden)]")
      .first()
      .waitFor();
    await page.getByText("No recent calls").waitFor();
    // Shell and loaded figures in place: nothing on the page moved (the issue measured 0.013).
    expect(await shifts()).toEqual([]);
    let seen = (await sightings(page)).filter((sighting) => sighting.width !== null);
    expect(seen.some((sighting) => sighting.sidebar === "skeleton")).toBe(false);
    expect(seen.some((sighting) => sighting.sidebar === "real")).toBe(true);
    expect(Math.max(...seen.map((sighting) => sighting.width ?? 0))).toBe(48);

    // Signing in on a freshly loaded sign-in page: the shell's skeleton shows while its code arrives, as narrow.
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await page.waitForURL("**/auth/sign-in");
    await page.reload();
    await signIn(page, email);
    await page.getByText("No recent calls").waitFor();
    expect(await shifts()).toEqual([]);
    seen = (await sightings(page)).filter((sighting) => sighting.width !== null);
    expect(seen.some((sighting) => sighting.sidebar === "skeleton")).toBe(true);
    expect(seen.some((sighting) => sighting.sidebar === "real")).toBe(true);
    expect(Math.max(...seen.map((sighting) => sighting.width ?? 0))).toBe(48);
    await page.context().close();
  });

  it("shows the sign-in form's skeleton, not the signed-in shell's, while the session is checked", async () => {
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    await signUp(page);
    // A visitor whose session ended elsewhere: the browser still holds its (now revoked) cookie, so the
    // start-up check goes to the server before the form can show.
    const cookies = await page.context().cookies();
    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await page.waitForURL("**/auth/sign-in");
    await page.context().addCookies(cookies);
    await watchEveryFrame(page);
    // The check's round trip is the skeleton's time on screen: long enough that a busy machine paints it.
    await slowNetwork(page, 1_000);
    await page.goto("/auth/sign-in");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    const seen = await sightings(page);
    expect(seen.some((sighting) => sighting.skeleton === "auth")).toBe(true);
    expect(seen.filter((sighting) => sighting.skeleton === "shell" || sighting.sidebar)).toEqual([]);
    expect(new Set(seen.map((sighting) => sighting.path))).toEqual(new Set(["/auth/sign-in"]));
    await page.context().close();
  });

  it("opens the sidebar as a side sheet at 375 px", async () => {
    const page = await newPage({ viewport: { width: 375, height: 740 } });
    await signUp(page);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    await page.getByRole("dialog").getByRole("link", { name: "Bookings" }).click();
    await page.waitForURL("**/bookings");
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(false);
    // nothing scrolls sideways at the smallest supported width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  });

  it("shows and hides the side sheet and the menus at once for a system that asks for less motion", async () => {
    const page = await newPage({ viewport: { width: 375, height: 740 }, reducedMotion: "reduce" });
    await signUp(page);
    /** The longest of the animations and transitions running now, in ms. */
    const longestMotion = () =>
      page.evaluate(() =>
        Math.max(
          0,
          ...document.getAnimations().map((motion) => Number(motion.effect?.getComputedTiming().duration)),
        ),
      );
    await page.getByRole("button", { name: "Open navigation" }).click();
    const sheet = page.getByRole("dialog");
    await sheet.waitFor();
    expect(await longestMotion()).toBeLessThan(1);
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    await page.getByRole("button", { name: /^Account menu for/ }).click();
    await page.getByRole("menu").waitFor();
    expect(await longestMotion()).toBeLessThan(1);
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("keeps the theme across reloads and paints the first frame in it", async () => {
    const page = await newPage({ colorScheme: "light" });
    await signUp(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    // Record the theme class the instant <body> exists, before any module script has run.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { firstPaintDark: boolean }).firstPaintDark =
          document.documentElement.classList.contains("dark");
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { firstPaintDark: boolean }).firstPaintDark)).toBe(
      true,
    );
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await page.context().close();
  });

  it("follows the system theme until the user picks one", async () => {
    const page = await newPage({ colorScheme: "dark" });
    await page.goto("/auth/sign-in");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.context().close();
  });

  it("opens the language and account menus by pointer, and by keyboard with focus in the menu", async () => {
    const page = await newPage();
    const email = await signUp(page);

    await page.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menuitemradio", { name: /Deutsch/ }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });

    await page.getByRole("button", { name: `Account menu for ${email}` }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).waitFor();
    // Focus went into the open menu, so the arrow keys and Enter work from here.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("[role=menu]") !== null))
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-haspopup")))
      .toBe("menu");
    await page.context().close();
  });

  it("ends on the language chosen last when the one chosen before it loads later", async () => {
    const page = await newPage();
    // Signed in: there a language's date words (named by their language, unlike its catalogs) load with it.
    await signUp(page);
    // Polish's date words (one of its three parts) are held until German has been chosen and shown.
    const polish = await holdRequests(page, /\/assets\/pl-[\w-]+\.js$/);
    await page.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menuitemradio", { name: /Polski/ }).click();
    await expect.poll(polish.asked).toBe(1);
    await page.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menuitemradio", { name: /Deutsch/ }).click();
    await page.getByRole("button", { name: "Sprache: Deutsch" }).waitFor();

    const polishArrived = page.waitForResponse(/\/assets\/pl-[\w-]+\.js$/);
    polish.release();
    await polishArrived;
    // Two frames: the held import's promise chain has settled by then.
    for (let frame = 0; frame < 2; frame++)
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("de");
    await page.getByRole("button", { name: "Sprache: Deutsch" }).waitFor();

    // A language whose messages cannot be fetched says so, in the language still shown.
    await page.route(/\/assets\/fr-[\w-]+\.js$/, (route) => route.abort());
    await page.getByRole("button", { name: "Sprache: Deutsch" }).click();
    await page.getByRole("menuitemradio", { name: /Français/ }).click();
    await page
      .getByText(
        "Die Sprache konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
      )
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await page.context().close();
  });

  it("switches the language at once, keeps it after a reload, and falls back to English for an unknown one", async () => {
    const page = await newPage();
    await signUp(page);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await page.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menuitemradio", { name: /Deutsch/ }).click();
    // everything follows, the landmark's own name included
    const germanNav = page.getByRole("navigation", { name: "Hauptnavigation" });
    await germanNav.getByRole("link", { name: "Anrufe" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("de");
    await page.reload();
    await germanNav.getByRole("link", { name: "Anrufe" }).waitFor();
    await page.getByRole("button", { name: "Sprache: Deutsch" }).waitFor();
    await page.evaluate(() => localStorage.setItem("language", "xx"));
    await page.reload();
    await nav.getByRole("link", { name: "Calls" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.context().close();
  });
});
