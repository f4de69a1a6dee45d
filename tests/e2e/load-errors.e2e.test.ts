import type { Locator, Page, Request, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  browserForFile,
  callReport,
  createAssistantKey,
  reportCallOk,
  signUpThroughForm,
} from "../support/browser";
import { readCatalog, readUntranslated, visibleTexts } from "../support/i18n-check";

const { newPage } = browserForFile();

/**
 * The server out of reach for this page: every request to it is refused at the connection, as Chromium reports
 * a server that is down (the app meets net::ERR_CONNECTION_REFUSED, the same failure), until `reachable()`.
 * Only this page's requests fail, so the shared server keeps serving the other test files.
 */
async function unreachable(page: Page) {
  const refuse = (route: Route) => route.abort("connectionrefused");
  await page.route("**/*", refuse);
  return { reachable: () => page.unroute("**/*", refuse) };
}

/** Reports calls as the assistant would, with a key the page's user creates. */
async function reportCalls(page: Page, callerNames: string[]) {
  const key = await createAssistantKey(page, "outage test");
  const reports = callerNames.map((callerName) => callReport({ callerName }));
  for (const report of reports) await reportCallOk(key, report);
  return reports;
}

/** How many of the page's requests for `path` (with these query parameters) have had their answer or failed. */
function attemptsAt(page: Page, path: string, params: Record<string, string> = {}) {
  let attempts = 0;
  const count = (request: Request) => {
    const url = new URL(request.url());
    const matches = Object.entries(params).every(([name, value]) => url.searchParams.get(name) === value);
    if (url.pathname === path && matches) attempts++;
  };
  page.on("requestfinished", count);
  page.on("requestfailed", count);
  return () => attempts;
}

/**
 * Waits for the error card of a load that keeps failing, while the page's clock (installed before the page
 * loaded) jumps over spec 9's backoff (1 s, 2 s, 4 s) once each attempt has failed. No card while retries
 * remain; the card with the fourth attempt, the first and three retries, and none after. The jumps add up to
 * less than the list's 30 s refresh, so no other load starts meanwhile. (A jump made before the client has
 * set its retry timer leaves that one wait to real time.)
 */
async function afterRetries(page: Page, attempts: () => number, card: Locator) {
  for (const [retry, backoff] of [1000, 2000, 4000].entries()) {
    await expect.poll(attempts, { timeout: 10_000 }).toBeGreaterThan(retry);
    if (attempts() < 4) expect(await card.count()).toBe(0);
    await page.clock.fastForward(backoff);
  }
  await card.waitFor();
  expect(attempts()).toBe(4);
}

describe("a server that cannot be reached", () => {
  it("gets error cards on the calls list, a call and a page, each recovering on Try again", async () => {
    const page = await newPage();
    await page.clock.install();
    await signUpThroughForm(page);
    const [ada, grace] = await reportCalls(page, ["Ada Lovelace", "Grace Hopper"]);
    await page.getByRole("link", { name: "Calls" }).first().click();
    // One call opened while all is well: the call page's code is then at hand.
    await page.getByRole("link", { name: ada!.callerNumber }).click();
    await page.getByRole("heading", { name: "Ada Lovelace" }).waitFor();
    await page.getByRole("link", { name: "Back to calls" }).click();

    // The list: a filter is a new query; it goes to the server, retries, then says what happened.
    const listAttempts = attemptsAt(page, "/api/calls", { status: "missed" });
    let outage = await unreachable(page);
    await page.getByLabel("Status").selectOption("missed");
    const listAlert = page.getByRole("alert").filter({ hasText: "Error loading calls" });
    await afterRetries(page, listAttempts, listAlert);
    expect(await listAlert.innerText()).toContain("An unexpected error occurred");
    expect(page.url()).toContain("status=missed");
    await outage.reachable();
    await listAlert.getByRole("button", { name: "Try again" }).click();
    await page.getByText("No calls found").waitFor();
    expect(await listAlert.count()).toBe(0);

    // A call not opened before: its data cannot be fetched.
    await page.getByLabel("Status").selectOption("");
    const graceRow = page.getByRole("link", { name: grace!.callerNumber });
    await graceRow.waitFor();
    const callPath = new URL((await graceRow.getAttribute("href"))!, page.url()).pathname;
    const callAttempts = attemptsAt(page, `/api${callPath}`);
    outage = await unreachable(page);
    await graceRow.click();
    const callAlert = page.getByRole("alert").filter({ hasText: "Error loading call" });
    await afterRetries(page, callAttempts, callAlert);
    expect(await callAlert.innerText()).toContain("An unexpected error occurred");
    await outage.reachable();
    await callAlert.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { name: "Grace Hopper" }).waitFor();

    // A page never visited: its code cannot be fetched. The shell stays; a reload brings the page.
    outage = await unreachable(page);
    await page.getByRole("link", { name: "FAQ" }).first().click();
    const pageAlert = page.getByRole("alert").filter({ hasText: "This page could not be shown" });
    await pageAlert.waitFor();
    expect(await page.getByRole("link", { name: "Dashboard" }).first().isVisible()).toBe(true);
    await outage.reachable();
    await pageAlert.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { name: "FAQ", level: 1 }).waitFor();
    expect(await pageAlert.count()).toBe(0);
    await page.context().close();
  });
});

/**
 * What answers for the server while it is down for maintenance behind a proxy: 503 "Service Unavailable" in
 * plain text, no envelope, for every request of the page, until `over()`.
 */
async function maintenance(page: Page) {
  const answer = (route: Route) =>
    route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" });
  await page.route("**/*", answer);
  return { over: () => page.unroute("**/*", answer) };
}

const polish = (english: string) => {
  const entry = readCatalog("pl").find((candidate) => candidate.id === english);
  if (!entry?.text) throw new Error(`no Polish text for "${english}"`);
  return entry.text;
};

describe("a load error in a translated interface", () => {
  it("says in Polish, from the catalog, that the service is unavailable (never 'Service Unavailable')", async () => {
    const page = await newPage();
    await page.clock.install();
    await signUpThroughForm(page);
    await page.evaluate(() => localStorage.setItem("language", "pl"));
    await page.goto("/calls");
    await page.waitForFunction(() => document.documentElement.lang === "pl");
    const status = page.getByLabel(polish("Status"), { exact: true });
    await status.waitFor();
    await page.getByText(polish("No calls found")).waitFor();

    const proxy = await maintenance(page);
    const attempts = attemptsAt(page, "/api/calls", { status: "missed" });
    await status.selectOption("missed");
    const alert = page.getByRole("alert").filter({ hasText: polish("Error loading calls") });
    await afterRetries(page, attempts, alert);
    const text = await alert.innerText();
    expect(text).toContain(polish("The service is unavailable right now. Please try again in a moment."));
    expect(text).not.toMatch(/Service Unavailable|unexpected/i);
    expect(readUntranslated("pl", await visibleTexts(page))).toEqual([]);
    await proxy.over();
    await page.getByRole("button", { name: polish("Try again") }).click();
    await page.getByText(polish("No calls found")).waitFor();
    await page.context().close();
  });
});
