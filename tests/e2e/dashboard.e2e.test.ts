import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  browserForFile,
  callReport,
  createAssistantKey,
  expectNoAxeViolations,
  holdRequests,
  reportCallOk,
  signUp,
  signUpWithKey,
} from "../support/browser";

const { newPage } = browserForFile();

/** The KPI card's figure and its detail line, by the card's heading. */
async function kpi(page: Page, title: string) {
  const card = page
    .getByRole("main")
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: title }) });
  // What follows the heading's row, skeletons left out: the figure, then the detail line if any.
  const shown = card
    .getByRole("heading", { name: title })
    .locator("xpath=../following-sibling::*[not(@aria-hidden)]");
  const [value, detail] = await shown.allInnerTexts();
  return { value, detail };
}

describe("Dashboard", () => {
  it("shows skeletons, not zeros, while the figures load; then the real (empty) figures", async () => {
    const page = await newPage();
    await signUp(page);
    // The real server answers; the test only holds the answer back until it has looked.
    const { release } = await holdRequests(page, "**/api/dashboard/stats");
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Calls today" }).waitFor();
    expect(await page.getByRole("main").locator("[aria-busy=true]").count()).toBe(4);
    expect((await kpi(page, "Calls today")).value).toBeUndefined();
    release();

    await page.getByText("No recent calls").waitFor();
    await page.getByText("Call activity will appear here once your system receives calls").waitFor();
    expect(await kpi(page, "Calls today")).toEqual({ value: "0", detail: undefined });
    expect(await kpi(page, "Answer rate")).toEqual({ value: "—", detail: "0 answered, 0 missed" });
    expect(await kpi(page, "New bookings")).toEqual({
      value: "0",
      detail: "0 synced to the online calendar",
    });
    await page.context().close();
  });

  it("shows a reported call without a reload once the 30 s cache lifetime ends, and opens it", async () => {
    const page = await newPage();
    const key = await signUpWithKey(page, { clock: true });
    await page.goto("/dashboard");
    await page.getByText("No recent calls").waitFor();

    const answered = callReport({
      callerName: "Katherine Johnson",
      serviceName: "Haircut",
      outcome: "booked",
      durationSeconds: 75,
    });
    const missed = callReport({ status: "missed", durationSeconds: 0, outcome: "no-action" });
    const id = await reportCallOk(key, answered);
    await reportCallOk(key, missed);
    await page.clock.fastForward(31_000);

    const row = page.getByRole("listitem").filter({ hasText: "Katherine Johnson" });
    await row.waitFor();
    const text = await row.innerText();
    for (const part of [answered.callerNumber, "Haircut", "1:15", "completed", "booked"])
      expect(text).toContain(part);
    expect(text).toMatch(/less than a minute ago|1 minute ago/);
    // no name: the phone stands in for it
    await page.getByRole("link", { name: missed.callerNumber }).waitFor();
    expect(await page.getByRole("main").getByText("no action").count()).toBe(1);

    expect(await kpi(page, "Calls today")).toEqual({ value: "2", detail: undefined });
    expect(await kpi(page, "Answer rate")).toEqual({ value: "50%", detail: "1 answered, 1 missed" });

    await row.getByRole("link").click();
    await page.waitForURL(`**/calls/${id}`);
    await page.getByRole("heading", { level: 1, name: "Katherine Johnson" }).waitFor();
    await page.context().close();
  });

  it("refreshes every 5 s while a recent call is live", async () => {
    const page = await newPage();
    const key = await signUpWithKey(page, { clock: true });
    const live = callReport({ status: "in-progress", durationSeconds: 0, callerName: "Dorothy Vaughan" });
    await reportCallOk(key, live);
    await page.goto("/dashboard");
    const row = page.getByRole("listitem").filter({ hasText: "Dorothy Vaughan" });
    await row.getByText("in progress").waitFor();
    await reportCallOk(key, { ...live, status: "completed", durationSeconds: 42 });
    await page.clock.fastForward(5_500);
    await row.getByText("completed").waitFor();
    await page.context().close();
  });
});

describe("axe finds no violations on the Dashboard, in either theme", () => {
  it("empty and with data", async () => {
    const page = await newPage();
    await signUp(page, "/dashboard");
    await page.getByText("No recent calls").waitFor();
    await expectNoAxeViolations(page);

    const key = await createAssistantKey(page);
    const statuses = ["completed", "missed", "failed", "in-progress", "completed"] as const;
    const outcomes = ["booked", "no-action", null, null, "inquiry"] as const;
    for (let i = 0; i < 5; i++)
      await reportCallOk(
        key,
        callReport({
          status: statuses[i],
          outcome: outcomes[i],
          callerName: i % 2 ? null : `Customer ${i}`,
          serviceName: i % 2 ? null : "Massage",
        }),
      );
    await page.reload();
    await page.getByRole("main").locator("a[href^='/calls/']").nth(4).waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});
