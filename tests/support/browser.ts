import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

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
/** A unique address per call, so test files never collide in the shared server. */
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@example.com`;

export const PASSWORD = "correct horse battery";

export async function signUp(page: Page, email = uniqueEmail("user")) {
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

/** axe-core over the whole page; the violations list must be empty. */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}
