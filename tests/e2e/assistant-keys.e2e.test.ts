import { describe, expect, it } from "vitest";
import {
  browserForFile,
  callReport,
  expectNoAxeViolations,
  reportCall,
  signUp,
  signUpThroughForm,
} from "../support/browser";

const { newPage } = browserForFile();

describe("Settings → Voice assistant keys", () => {
  it("creates a key shown once, which works for the assistant API until it is revoked", async () => {
    const page = await newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUp(page, "/settings");
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.getByText("No keys yet. Create one to connect your assistant.").waitFor();
    expect(await card.getByLabel("Server address for your assistant").inputValue()).toBe(
      `${new URL(page.url()).origin}/api/assistant`,
    );
    await card.getByText("X-Api-Key").waitFor();

    // name required
    await card.getByRole("button", { name: "Create key" }).click();
    await card.getByText("Enter a name for the key.").waitFor();
    expect(await card.getByLabel("Key name").getAttribute("aria-invalid")).toBe("true");

    await card.getByLabel("Key name").fill("Front desk line");
    await card.getByRole("button", { name: "Create key" }).click();
    await page.getByText("Key created").waitFor();
    const field = card.getByLabel("Your new key");
    await field.waitFor();
    const key = await field.inputValue();
    expect(key.length).toBeGreaterThan(20);
    expect(await field.getAttribute("readonly")).not.toBeNull();
    await card.getByText("Copy this key now and keep it safe. It will not be shown again.").waitFor();

    await card.getByRole("button", { name: "Copy key" }).click();
    await card.getByRole("button", { name: "Copy key" }).getByText("Copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const row = card.getByRole("listitem").filter({ hasText: "Front desk line" });
    await row.getByText("Never used").waitFor();
    expect(await row.innerText()).toMatch(new RegExp(`••••\\s*(ending in\\s*)?${key.slice(-4)}`));

    // the key works for the assistant API
    const accepted = await reportCall(key, callReport());
    expect(accepted.status).toBeLessThan(300);

    // once dismissed, the key is never shown again, not even after a reload
    await card.getByRole("button", { name: "I have copied the key" }).click();
    await page.reload();
    await row.waitFor();
    expect(await page.getByText(key).count()).toBe(0);
    expect(await card.getByLabel("Your new key").count()).toBe(0);
    await row.getByText(/Last used .*ago/).waitFor();

    // Revoke asks first; Escape cancels and keeps the key
    await row.getByRole("button", { name: "Revoke key Front desk line" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Revoke the key “Front desk line”?" });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    // focus stays inside the dialog
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await reportCall(key, callReport())).status).toBeLessThan(300);

    await row.getByRole("button", { name: "Revoke key Front desk line" }).click();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await page.getByText("Key revoked").waitFor();
    await card.getByText("No keys yet. Create one to connect your assistant.").waitFor();
    expect((await reportCall(key, callReport())).status).toBe(401);
    await page.context().close();
  });

  it("shows one notification at a time: the next waits until the one on screen is closed", async () => {
    const page = await newPage();
    // Time stands still, so the welcome stays up for as long as the test needs (it would leave after 5 s).
    await page.clock.install();
    await signUpThroughForm(page);
    const toasts = page.locator("[data-scope='toast'][data-part='root']");
    await toasts.filter({ hasText: "Welcome to CallDesk!" }).waitFor();
    await page.getByRole("link", { name: "Settings" }).first().click();
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.getByLabel("Key name").fill("Second line");
    await card.getByRole("button", { name: "Create key" }).click();
    await card.getByLabel("Your new key").waitFor();

    expect(await toasts.count()).toBe(1);
    expect(await toasts.innerText()).toContain("Welcome to CallDesk!");
    await toasts.getByRole("button", { name: "Close notification" }).click();
    await toasts.filter({ hasText: "Key created" }).waitFor();
    expect(await toasts.count()).toBe(1);
    await page.context().close();
  });
});

describe("axe finds no violations on Settings, in either theme", () => {
  it("with no key, a new key shown once, the key list and the revoke dialog", async () => {
    const page = await newPage();
    await signUp(page, "/settings");
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.getByText("No keys yet. Create one to connect your assistant.").waitFor();
    await expectNoAxeViolations(page);

    await card.getByLabel("Key name").fill("Main line");
    await card.getByRole("button", { name: "Create key" }).click();
    await card.getByLabel("Your new key").waitFor();
    await card.getByRole("listitem").filter({ hasText: "Main line" }).waitFor();
    await expectNoAxeViolations(page);

    await card.getByRole("button", { name: "Revoke key Main line" }).click();
    await page.getByRole("alertdialog").waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});
