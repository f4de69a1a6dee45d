import { describe, expect, it } from "vitest";
import { animationsSettled, browserForFile, expectNoAxeViolations, signUp } from "../support/browser";
import { sidewaysOverflow } from "../support/sideways-overflow";

const { newPage } = browserForFile();

describe("Settings → Activity log", () => {
  it("shows a settings change just saved: what, by whom and when, in the business's clock", async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    const email = await signUp(page);
    await page.goto("/settings");
    const form = page.getByRole("form", { name: "Company and call handling" });
    await form.getByLabel("Greeting").fill("Welcome to Harbour Dental, how can I help?");
    await form.getByRole("button", { name: "Save settings" }).click();
    await page
      .locator("[data-scope=toast]")
      .getByText("Settings updated successfully", { exact: true })
      .waitFor();

    await page.getByRole("link", { name: "Open the activity log" }).click();
    await page.waitForURL("**/settings/audit");
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Activity log" }).waitFor();
    const newest = main.locator("[data-audit-entry]").first();
    await newest.getByText("Changed the company settings: Greeting", { exact: true }).waitFor();
    expect(await newest.textContent()).toContain(email);
    // The exact time on the business's clock (New York by default), and how long ago.
    const time = newest.locator("time").first();
    const at = new Date((await time.getAttribute("datetime"))!);
    const newYork = new Intl.DateTimeFormat("en", {
      timeZone: "America/New_York",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(at);
    expect(await time.textContent()).toContain(newYork);
    expect(await newest.locator("time").nth(1).textContent()).toMatch(/ago$/);
    // The sign-up is the entry before it; nothing of the greeting's text is shown.
    expect(
      await main
        .locator("[data-audit-entry]")
        .evaluateAll((rows) => rows.map((row) => row.dataset.auditEntry)),
    ).toEqual(["company.updated", "account.signed_up"]);
    expect(await main.getByText("Harbour Dental", { exact: false }).count()).toBe(0);
    await main.getByText("2 entries, newest first").waitFor();

    await animationsSettled(page);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await expectNoAxeViolations(page);

    // Back to Settings by keyboard.
    await main.getByRole("link", { name: "Back to settings" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/settings");
  });
});
