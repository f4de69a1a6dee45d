import type { PrivacySettings } from "@shared/privacy.schema";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  browserForFile,
  callReport,
  expectNoAxeViolations,
  expectOneSaveOfDoublePress,
  failPuts,
  reportCallOk,
  signIn,
  signUp,
  signUpWithKey,
  staffApi,
  toast,
} from "../support/browser";

const { newPage } = browserForFile();

const card = (page: Page) => page.getByRole("form", { name: "Data protection" });

/** A switch is flipped where a user flips it: on its label. */
const flip = (form: Locator, name: string) => form.getByText(name, { exact: true }).click();
const switchOf = (form: Locator, name: string) => form.getByRole("checkbox", { name });
const save = (form: Locator) => form.getByRole("button", { name: "Save data protection" }).click();
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name"));

const CONTENT_SWITCH = "Remove call content after a number of days";
const ROWS_SWITCH = "Delete calls after a number of days";
const BOOKINGS_SWITCH = "Remove customers' details from past bookings";

async function openCard(page: Page) {
  await page.goto("/settings");
  const form = card(page);
  await switchOf(form, "Record calls").waitFor();
  return form;
}

describe("Settings → Data protection", () => {
  it("saves recording and retention as typed, refusing what the server would, and keeps what was typed when a save fails", async () => {
    const page = await newPage();
    await signUp(page);
    const form = await openCard(page);
    expect(await switchOf(form, "Record calls").isChecked()).toBe(true);
    for (const name of [CONTENT_SWITCH, ROWS_SWITCH, BOOKINGS_SWITCH])
      expect(await switchOf(form, name).isChecked()).toBe(false);
    await form
      .getByText("Under the saved settings, nothing is due for removal at the next hourly purge.")
      .waitFor();
    await expectNoAxeViolations(page);

    await flip(form, "Record calls");
    await flip(form, CONTENT_SWITCH);
    const contentDays = form.getByLabel("Days to keep call content");
    // A limit switched on offers a common choice.
    expect(await contentDays.inputValue()).toBe("90");
    await contentDays.fill("forty");
    await flip(form, ROWS_SWITCH);
    await form.getByLabel("Days to keep calls").fill("10");
    await form.getByText("Unsaved changes").waitFor();
    await save(form);
    await form.getByText("Enter a whole number of days from 1 to 3650").waitFor();
    expect(await focusedName(page)).toBe("callContentDays");
    await contentDays.fill("30");
    await save(form);
    await form.getByText("Keep calls at least as long as their content").waitFor();
    expect(await focusedName(page)).toBe("callRowDays");
    await form.getByLabel("Days to keep calls").fill("60");
    await flip(form, BOOKINGS_SWITCH);
    await form.getByLabel("Days to keep customers' details").fill("365");

    // The server fails once: the alert says so and everything typed stays.
    await failPuts(page, "**/api/privacy/settings", "Down");
    await save(form);
    await toast(page, "Failed to update settings").waitFor();
    await form.getByText("Your changes could not be saved").waitFor();
    expect(await contentDays.inputValue()).toBe("30");
    expect(await form.getByLabel("Days to keep calls").inputValue()).toBe("60");
    expect(await switchOf(form, "Record calls").isChecked()).toBe(false);
    await page.unroute("**/api/privacy/settings");

    await save(form);
    await toast(page, "Settings updated successfully").waitFor();
    await expect.poll(() => form.getByText("Unsaved changes").count()).toBe(0);
    expect(await staffApi<PrivacySettings>(page, "GET", "/api/privacy/settings")).toEqual({
      recordCalls: false,
      callContentDays: 30,
      callRowDays: 60,
      bookingPersonalDays: 365,
    });

    await page.reload();
    await switchOf(form, "Record calls").waitFor();
    expect(await switchOf(form, "Record calls").isChecked()).toBe(false);
    expect(await contentDays.inputValue()).toBe("30");
    expect(await form.getByLabel("Days to keep calls").inputValue()).toBe("60");
    expect(await form.getByLabel("Days to keep customers' details").inputValue()).toBe("365");
    await page.context().close();
  }, 120_000);

  it("puts back nothing another tab saved: each tab's save sends what its user changed", async () => {
    const tabA = await newPage();
    const email = await signUp(tabA);
    // Tab B, another browser signed in as the same user, has the card open before tab A saves.
    const tabB = await newPage();
    await tabB.goto("/auth/sign-in");
    await signIn(tabB, email);
    await tabB.waitForURL("**/dashboard");
    const formB = await openCard(tabB);
    const formA = await openCard(tabA);

    await flip(formA, "Record calls");
    await save(formA);
    await toast(tabA, "Settings updated successfully").waitFor();

    // Tab B still shows recording on; its user switches on a limit for call content only.
    expect(await switchOf(formB, "Record calls").isChecked()).toBe(true);
    await flip(formB, CONTENT_SWITCH);
    await save(formB);
    await toast(tabB, "Settings updated successfully").waitFor();
    expect(await staffApi<PrivacySettings>(tabB, "GET", "/api/privacy/settings")).toMatchObject({
      recordCalls: false,
      callContentDays: 90,
    });
    // Tab B now shows what is stored: recording off, as tab A left it.
    await expect.poll(() => switchOf(formB, "Record calls").isChecked()).toBe(false);
    await expect.poll(() => formB.getByText("Unsaved changes").count()).toBe(0);
    await tabA.context().close();
    await tabB.context().close();
  }, 120_000);

  it("sends one save for a double press on Save", async () => {
    const page = await newPage();
    await signUp(page);
    const form = await openCard(page);
    await flip(form, "Record calls");
    const button = form.getByRole("button", { name: "Save data protection" });
    await expectOneSaveOfDoublePress(page, form, button, "/api/privacy/settings");
    await page.context().close();
  });

  it("shows on a call's page that recording was off, and what the next purge would remove", async () => {
    const page = await newPage();
    const key = await signUpWithKey(page);
    await staffApi(page, "PUT", "/api/privacy/settings", { data: { recordCalls: false } });
    const id = await reportCallOk(
      key,
      callReport({
        summary: "Asked for a cleaning next week",
        recordingUrl: "https://recordings.example.com/call.mp3",
        transcript: [{ speaker: "caller", text: "Hello, this is Ada.", offsetSeconds: 1 }],
      }),
    );
    // An older call with content, for the preview.
    await reportCallOk(
      key,
      callReport({
        startedAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString(),
        summary: "An old question",
      }),
    );
    await page.goto(`/calls/${id}`);
    const main = page.getByRole("main");
    await main.getByText("Asked for a cleaning next week", { exact: true }).waitFor();
    const off = main.getByText("Recording was off for this call, as your data protection settings asked.");
    // Where the recording and where the transcript would be.
    await expect.poll(() => off.count()).toBe(2);
    expect(await main.getByText("Hello, this is Ada.").count()).toBe(0);

    await staffApi(page, "PUT", "/api/privacy/settings", { data: { callContentDays: 30 } });
    const form = await openCard(page);
    await form
      .getByText(
        "Under the saved settings, the next hourly purge removes the content of 1 call, deletes 0 calls and removes the customer's details from 0 bookings.",
      )
      .waitFor();
    await page.context().close();
  }, 120_000);
});

describe("Settings → Data protection in pl, fr, de, es and nl", () => {
  it("shows no untranslated string on the card, its fields open and refused", async () => {
    const { readUntranslated, visibleTexts } = await import("../support/i18n-check");
    const page = await newPage();
    await signUp(page);
    for (const language of ["pl", "fr", "de", "es", "nl"] as const) {
      await page.evaluate((code) => localStorage.setItem("language", code), language);
      await page.goto("/settings");
      await page.waitForFunction((code) => document.documentElement.lang === code, language);
      const form = page.locator("form").filter({ has: page.locator("input[name=recordCalls]") });
      await form.locator("input[name=recordCalls]").waitFor({ state: "attached" });
      // Every retention switched on, the content's days refused, the rows' shorter than the content's.
      for (const name of ["callContentDaysLimited", "callRowDaysLimited", "bookingPersonalDaysLimited"])
        await form.locator(`label:has(input[name=${name}])`).click();
      await form.locator("input[name=callContentDays]").fill("x");
      await form.locator("button[type=submit]").click();
      await form.locator("[aria-invalid=true]").first().waitFor();
      const texts = await visibleTexts(page);
      await form.locator("input[name=callContentDays]").fill("400");
      await form.locator("button[type=submit]").click();
      await form.locator("input[name=callRowDays][aria-invalid=true]").waitFor();
      texts.push(...(await visibleTexts(page)));
      expect({ language, untranslated: readUntranslated(language, texts) }).toEqual({
        language,
        untranslated: [],
      });
      // Discarded, so moving to the next language asks nothing.
      await form.locator("button:not([type=submit])").click();
    }
    await page.context().close();
  }, 120_000);
});
