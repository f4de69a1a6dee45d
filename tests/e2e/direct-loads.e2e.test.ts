import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  browserForFile,
  callReport,
  createAssistantKey,
  holdRequests,
  reportCallOk,
  signUp,
} from "../support/browser";

const { newPage } = browserForFile();

let page: Page;
let callId: string;

beforeAll(async () => {
  page = await newPage();
  await signUp(page);
  callId = await reportCallOk(await createAssistantKey(page), callReport());
});

// A signed-in page opened directly (a bookmark, a reload) starts its requests before the stored language is
// active: nothing that runs then may need the language (issue 21: an Intl formatter built for the locale "").
describe.each(["pl", "de"])("a signed-in page loaded directly in %s", (language) => {
  it.each(["/dashboard", "/calls", "/calls/:id", "/bookings", "/services", "/availability", "/settings"])(
    "%s loads without an uncaught error",
    async (path) => {
      await page.evaluate((code) => localStorage.setItem("language", code), language);
      const errors: string[] = [];
      const collect = (error: Error) => errors.push(error.message);
      page.on("pageerror", collect);
      // The language's messages (the one signed-in catalog a page loads) held until the page's first requests
      // are out, as on a slow link: so that start-up runs its early steps while no language is active yet,
      // every time rather than now and then.
      const messages = /\/assets\/signed-in-[\w-]{8}\.js$/;
      const held = await holdRequests(page, messages);
      try {
        const requestsOut = page.waitForRequest("**/api/bookings/counts");
        await page.goto(path.replace(":id", callId), { waitUntil: "commit" });
        await requestsOut;
        held.release();
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        // Tasks queued during start-up (timers among them) run before this one.
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
      } finally {
        page.off("pageerror", collect);
        await page.unroute(messages);
      }
      expect(errors).toEqual([]);
    },
  );
});
