import { readdirSync } from "node:fs";
import { basename } from "node:path";
import type { CallReport } from "@shared/calls.schema";
import type { ServiceInput } from "@shared/service.schema";
import axe from "axe-core";
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { tinyWav } from "./fake-recordings";
import { fixtureText } from "./platform-deliveries";

/** One Chromium connection per test file, to the browser the e2e global setup launched. */
export function browserForFile() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.connect(inject("wsEndpoint"));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** A fresh context (own cookies and storage) and page on the app. */
    async newPage(options: BrowserContextOptions = {}): Promise<Page> {
      const context = await browser.newContext({ baseURL: inject("baseURL"), ...options });
      return context.newPage();
    },
  };
}

let counter = 0;
/** A unique address per call, so test files (two at a time, one per worker) never collide in the shared server. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${process.pid}-${counter++}@example.com`;

export const PASSWORD = "correct horse battery";

/**
 * The built file of a lazily imported module (its path from the project root): the bundler names the chunk
 * of a module imported on its own after it (`language-menu-<hash>.js`).
 */
export function builtFileOf(module: string): string {
  const name = basename(module).replace(/\.\w+$/, "");
  const chunk = new RegExp(`^${name.replace(/[.]/g, "\\.")}-[\\w-]{8}\\.js$`);
  const files = readdirSync("dist/client/assets").filter((file) => chunk.test(file));
  if (files.length !== 1) throw new Error(`${module} is not one lazily loaded chunk in this build`);
  return `assets/${files[0]}`;
}

/**
 * Holds every request to `url` (as page.route matches it) until `release()`, then lets it reach the real
 * server: to look at a page while one of its answers or files is on the way. `asked()` counts those held.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(url, async (route) => {
    asked++;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/**
 * Counts the requests of `method` to `path` (a URL's pathname, or a pattern of it) the page sends from now on: what
 * a press sent.
 */
export function countRequests(page: Page, method: string, path: string | RegExp): () => number {
  let sent = 0;
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === method && (typeof path === "string" ? pathname === path : path.test(pathname)))
      sent++;
  });
  return () => sent;
}

/**
 * A double press at its quickest: the button takes the focus as a pressed one does, then two clicks within one
 * task, before the page has drawn anything of the first (what stops a second request must hold at the press).
 */
export const pressTwice = (button: Locator) =>
  button.evaluate((element: HTMLElement) => {
    element.focus();
    element.click();
    element.click();
  });

/**
 * A new account, signed in on the page's context through the API (auth.e2e drives the sign-up form itself), then
 * the page opened at `at`: one page load instead of the form's and the dashboard's before the one a test needs.
 */
export async function signUp(page: Page, at = "/dashboard") {
  const email = uniqueEmail("user");
  // A blank page has no origin to send: the health answer is the cheapest document of the page's server.
  if (!page.url().startsWith("http")) await page.goto("/api/health");
  const response = await page.request.post("/api/auth/sign-up", {
    data: { email, password: PASSWORD },
    headers: { Origin: originOf(page) },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  await page.goto(at);
  // The app is up: its start-up refresh and language are settled before the test touches cookies or storage.
  // (A page's h1 is in the document even under a dialog the address opens, which hides it from roles.)
  await page.locator("h1").first().waitFor({ state: "attached" });
  return email;
}

/** A new account through the sign-up form, as a user makes one; the page is left on the dashboard. */
export async function signUpThroughForm(page: Page, email = uniqueEmail("user")) {
  await page.goto("/auth/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL("**/dashboard");
  return email;
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

// axe leaves its experimental rules off by default, label-content-name-mismatch (WCAG 2.5.3) among them:
// every rule it has runs here.
const experimentalRules = Object.fromEntries(
  axe.getRules(["experimental"]).map((rule) => [rule.ruleId, { enabled: true }]),
);

/** Resolves once every finite animation of the page has ended (a dialog fading in, a drawer sliding in). */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * What has the focus, by its name (aria-label, else its field name, else its text), or "<body>" when focus fell to
 * the page: where an action that took its own button away left the keyboard.
 */
export const focusedControl = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "<body>";
    return (
      element.getAttribute("aria-label") ?? element.getAttribute("name") ?? element.textContent?.trim() ?? ""
    );
  });

/** The toast saying exactly `text`. */
export const toast = (page: Page, text: string) =>
  page.locator("[data-scope=toast]").getByText(text, { exact: true });

/** A double press on a settings form's save `button` sends one PUT to `path`, and the form ends saved. */
export async function expectOneSaveOfDoublePress(page: Page, form: Locator, button: Locator, path: string) {
  const saves = countRequests(page, "PUT", path);
  await pressTwice(button);
  await toast(page, "Settings updated successfully").waitFor();
  await expect.poll(() => form.getByText("Unsaved changes").count()).toBe(0);
  expect(saves()).toBe(1);
}

/** PUTs to `url` answer 500 with the API's INTERNAL error, worded `message`, until unrouted; other methods pass. */
export const failPuts = (page: Page, url: string, message: string) =>
  page.route(url, (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ success: false, error: { code: "INTERNAL", message } }),
        })
      : route.fallback(),
  );

/**
 * The open dialog, once it has taken the focus. The dialog moves the focus to its first field a frame after it
 * shows; a fill in between types into whichever field has the focus then (on a loaded machine, the wrong one).
 */
export async function openedDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.closest("[role=dialog]") != null);
  return dialog;
}

/**
 * Stops the page's clock (installed with `page.clock.install()`) so that it moves only when told to: a toast's
 * 5 s cannot run out by themselves. Paused a second ahead of the page's time, a moment it has not passed yet
 * however slow the machine is (pauseAt refuses to go back).
 */
export async function pausePageClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
}

/**
 * Runs the paused page clock in 50 ms steps until `locator` shows, failing past `limit` ms of fake time: the
 * query client's updates and Zag's remove delays wait on timers.
 */
export async function runPageClockUntilVisible(page: Page, locator: Locator, limit = 1_500) {
  for (let waited = 0; !(await locator.isVisible()); waited += 50) {
    expect(waited).toBeLessThan(limit);
    await page.clock.runFor(50);
  }
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * axe-core run in the page itself, injected once per document. The app has no frames for AxeBuilder to walk,
 * and AxeBuilder re-injects axe and finishes every run in a fresh page: about 2 s a scan here against 0.3 s.
 */
async function axeViolations(page: Page): Promise<string[]> {
  // Mid-animation (a dialog fading in, colours changing theme) colours are blends that fail contrast checks.
  await animationsSettled(page);
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(async (rules) => {
    if (!window.axe) throw new Error("axe-core did not load into the page");
    const { violations } = await window.axe.run(document, { rules, resultTypes: ["violations"] });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, experimentalRules);
}

/**
 * axe-core over the whole page with every rule, experimental ones included, in the light and in the dark theme
 * (the system's, which the app follows live while no theme is chosen): no violation may remain in either.
 * Switching the page's theme in place checks the very state a test reached, at half the cost of a second run.
 */
export async function expectNoAxeViolations(page: Page) {
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
  const found: Record<string, string[]> = {};
  const startedDark = await isDark();
  for (const colorScheme of startedDark ? (["dark", "light"] as const) : (["light", "dark"] as const)) {
    await page.emulateMedia({ colorScheme });
    // A page whose theme was chosen by hand does not follow the system: say so rather than scan one theme twice.
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains("dark") === dark,
      colorScheme === "dark",
      { timeout: 2_000 },
    );
    found[colorScheme] = await axeViolations(page);
  }
  await page.emulateMedia({ colorScheme: startedDark ? "dark" : "light" });
  expect(found).toEqual({ light: [], dark: [] });
}

/** The origin of the server the page is on (a file's own server, or the shared one). */
export const originOf = (page: Page) =>
  page.url().startsWith("http") ? new URL(page.url()).origin : inject("baseURL");

/**
 * A staff access token for the page's signed-in user: one refresh through the page's own cookie jar
 * (`page.request` shares it, and takes the rotated cookie back), as the app itself does on a reload.
 */
export async function staffAuthorization(page: Page): Promise<string> {
  const response = await page.request.post("/api/auth/refresh", { headers: { Origin: originOf(page) } });
  const authorization = response.headers().authorization;
  if (!response.ok() || !authorization) throw new Error(`refresh failed: ${response.status()}`);
  return authorization;
}

/**
 * A staff API call as the page's signed-in user (its own cookie jar, a fresh access token); the answer's
 * `data`, or an error naming the call and what the server said.
 */
export async function staffApi<T>(
  page: Page,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options: { data?: unknown; params?: Record<string, string> } = {},
): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: await staffAuthorization(page), Origin: originOf(page) },
    ...options,
  });
  const body = (await response.json()) as { success: boolean; data?: T };
  if (!response.ok() || body.data === undefined)
    throw new Error(`${method} ${path} failed: ${response.status()} ${JSON.stringify(body)}`);
  return body.data;
}

/** Creates an assistant API key for the page's user through the staff API; returns the full key. */
export async function createAssistantKey(page: Page, name = "e2e assistant"): Promise<string> {
  return (await staffApi<{ key: string }>(page, "POST", "/api/assistant/keys", { data: { name } })).key;
}

/** A new account on `page` (its clock faked from the start with `clock`) with an assistant key: the key. */
export async function signUpWithKey(page: Page, options: { clock?: boolean } = {}): Promise<string> {
  if (options.clock) await page.clock.install();
  await signUp(page);
  return createAssistantKey(page);
}

/** What Vapi does: POST a server message to the connection's URL, with the secret as a Bearer Token credential. */
export const deliverAsVapi = (webhookUrl: string, secret: string, body: string) =>
  fetch(webhookUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
    body,
  });

/**
 * Connects Vapi for the page's user through the staff API and has it deliver a call, a message with a wrong
 * secret and one that cannot be read: the voice assistant card's deliveries in every look it has.
 */
export async function connectVapiWithDeliveries(page: Page): Promise<void> {
  const { webhookUrl, secret } = await connectVapi(page);
  const answers = [
    await deliverAsVapi(webhookUrl, secret, fixtureText("vapi", "end-of-call-report")),
    await deliverAsVapi(webhookUrl, "cds_not-the-secret", fixtureText("vapi", "end-of-call-report")),
    await deliverAsVapi(webhookUrl, secret, JSON.stringify({ message: {} })),
  ];
  expect(answers.map((answer) => answer.status)).toEqual([200, 401, 400]);
}

/** Connects Vapi for the page's user through the staff API (as the card does): the connection's id, URL and secret. */
export const connectVapi = (page: Page) =>
  staffApi<{ _id: string; webhookUrl: string; secret: string }>(page, "POST", "/api/assistant-connections", {
    data: { provider: "vapi" },
  });

/** Adds a service for the page's user through the staff API; returns its id. */
export async function createService(page: Page, service: ServiceInput): Promise<string> {
  return (await staffApi<{ _id: string }>(page, "POST", "/api/services", { data: service }))._id;
}

let callCounter = 0;

/** A call report with sensible defaults (a completed two-minute call that just started). */
export function callReport(overrides: Partial<CallReport> = {}): CallReport {
  callCounter++;
  return {
    externalId: `e2e-${Date.now().toString(36)}-${callCounter}`,
    callerNumber: `+1555${String(1_000_000 + callCounter).slice(-7)}`,
    startedAt: new Date().toISOString(),
    status: "completed",
    durationSeconds: 125,
    ...overrides,
  };
}

/** What the voice assistant does: POST /api/assistant/calls with its key (server to server, no browser). */
export async function reportCall(key: string, report: CallReport): Promise<Response> {
  return fetch(`${inject("baseURL")}/api/assistant/calls`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Api-Key": key },
    body: JSON.stringify(report),
  });
}

/** reportCall that must succeed; returns the stored call's id. */
export async function reportCallOk(key: string, report: CallReport): Promise<string> {
  const response = await reportCall(key, report);
  const body = (await response.json()) as { success: boolean; data?: { _id: string } };
  if (!response.ok || !body.data)
    throw new Error(`report failed: ${response.status} ${JSON.stringify(body)}`);
  return body.data._id;
}

/**
 * Recordings live on a third-party host; in tests that host is played by the browser itself:
 * `playable` URLs answer with a WAV, every other URL under the host with 404.
 */
export async function fakeRecordingHost(page: Page, host: string, playable: string[]) {
  const wav = tinyWav(6);
  await page.context().route(`https://${host}/**`, (route) => {
    if (!playable.includes(route.request().url())) return route.fulfill({ status: 404, body: "" });
    // Media seeks by byte ranges; without them the browser treats the file as unseekable.
    const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers().range ?? "");
    const start = range ? Number(range[1]) : 0;
    const end = range?.[2] ? Math.min(Number(range[2]), wav.length - 1) : wav.length - 1;
    return route.fulfill({
      status: range ? 206 : 200,
      headers: {
        "Content-Type": "audio/wav",
        "Accept-Ranges": "bytes",
        ...(range ? { "Content-Range": `bytes ${start}-${end}/${wav.length}` } : {}),
      },
      body: wav.subarray(start, end + 1),
    });
  });
}
