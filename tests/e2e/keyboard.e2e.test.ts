import { describe, expect, it } from "vitest";
import { browserForFile, PASSWORD, uniqueEmail } from "../support/browser";

const { newPage } = browserForFile();

describe("keyboard only", () => {
  it("signs up, navigates the sidebar and signs out without a mouse", async () => {
    const page = await newPage();
    await page.goto("/auth/sign-up");
    const email = uniqueEmail("keys");
    await page.getByLabel("Email").focus();
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    // the helper text sits between the fields in reading order, but is not focusable
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");

    // on a fresh load the skip link is the first stop
    await page.reload();
    await page.getByRole("navigation", { name: "Main navigation" }).waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");

    const calls = page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Calls" });
    await calls.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/calls");
    // The current link moves with the page, once the page has come.
    await expect.poll(() => calls.getAttribute("aria-current")).toBe("page");

    await page.getByRole("button", { name: `Account menu for ${email}` }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByRole("menuitem", { name: "Sign out", exact: true }).isVisible())
      .toBe(true);
    // The menu holds the focus and marks the item the arrows reached (Sign out everywhere… is below Sign out).
    const highlighted = async () =>
      page.evaluate(() => document.querySelector("[role=menuitem][data-highlighted]")?.textContent ?? "");
    for (let i = 0; i < 5 && (await highlighted()) !== "Sign out"; i++)
      await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/auth/sign-in");
    await page.context().close();
  });
});
