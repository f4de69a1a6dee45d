import type { Company } from "@shared/company.schema";
import { COMPANY_CURRENCIES } from "@shared/company-currencies";
import { DEFAULT_CALL_TRANSFER } from "@shared/company-defaults";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  browserForFile,
  builtFileOf,
  countRequests,
  createService,
  expectOneSaveOfDoublePress,
  failPuts,
  focusedControl,
  holdRequests,
  signUp,
  signUpWithKey,
  staffApi,
  toast,
} from "../support/browser";

const { newPage } = browserForFile();

declare global {
  interface Navigator {
    /** Chromium's: whether a key or click is waiting while a script runs. */
    scheduling?: { isInputPending(): boolean };
  }
}

const form = (page: Page) => page.getByRole("form", { name: "Company and call handling" });

/** The settings form of a new business, loaded. */
async function openSettings(page: Page) {
  await page.goto("/settings");
  await form(page).getByLabel("Company name").waitFor();
  return form(page);
}

/** A new business signed up on a page of its own, its settings form loaded. */
async function newSettings() {
  const page = await newPage();
  await signUp(page);
  return { page, settings: await openSettings(page) };
}

/**
 * A new business whose assistant (its key returned) reported answering on `phone`, its settings form loaded;
 * with `clock`, the page's clock is faked from the start.
 */
async function newSettingsWithPhone(phone: string, options: { clock?: boolean } = {}) {
  const page = await newPage();
  const key = await signUpWithKey(page, options);
  await reportPhoneNumber(key, phone);
  return { page, key, settings: await openSettings(page) };
}

/** Reports the number the assistant answers, as the assistant does (from outside the browser). */
async function reportPhoneNumber(key: string, phoneNumber: string) {
  const response = await fetch(`${inject("baseURL")}/api/assistant/phone-number`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", "X-Api-Key": key },
    body: JSON.stringify({ phoneNumber }),
  });
  expect(response.status).toBe(200);
}

const save = (settings: Locator) => settings.getByRole("button", { name: "Save settings" }).click();
const switchOf = (settings: Locator, name: string) => settings.getByRole("checkbox", { name });
/** A switch is flipped where a user flips it: on its label. */
const flip = (settings: Locator, name: string) => settings.getByText(name, { exact: true }).click();
/** A department added as a user adds one: its name, its number (without one, the number typed before stays), Add. */
async function addDepartment(settings: Locator, name: string, phone?: string) {
  await settings.getByLabel("Department", { exact: true }).fill(name);
  if (phone !== undefined) await settings.getByLabel("Department phone number").fill(phone);
  await settings.getByRole("button", { name: "Add department" }).click();
}
/** Presses Tab until `control` has the focus, 20 times at the most. */
async function tabTo(page: Page, control: Locator) {
  for (let step = 0; step < 20 && !(await control.evaluate((box) => box === document.activeElement)); step++)
    await page.keyboard.press("Tab");
}
const defaultNumber = (settings: Locator) => settings.locator("[data-default-number]");
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name"));

describe("Settings: opening it", () => {
  it("asks for every card's data beside the page's code, and once", async () => {
    const page = await newPage();
    await signUp(page, "/dashboard");
    const firstReads = [
      "/api/company/me",
      "/api/telegram/status",
      "/api/assistant-connections",
      "/api/assistant/keys",
      "/api/privacy/settings",
    ];
    const asked = new Map<string, number>();
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (firstReads.includes(path)) asked.set(path, (asked.get(path) ?? 0) + 1);
    });
    const code = await holdRequests(
      page,
      `**/${builtFileOf("src/client/features/settings/settings-page.tsx")}`,
    );
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Settings" })
      .click();
    await expect.poll(() => code.asked()).toBe(1);
    // While the page's code is still on its way, its cards' first reads are out already.
    await expect.poll(() => [...asked.keys()].sort()).toEqual([...firstReads].sort());
    code.release();
    await page.getByRole("region", { name: "Voice assistant" }).getByLabel("Key name").waitFor();
    await page.getByRole("region", { name: "Data protection" }).getByRole("checkbox").first().waitFor();
    // The cards read the answers asked for ahead rather than asking again.
    expect(Object.fromEntries(asked)).toEqual(Object.fromEntries(firstReads.map((path) => [path, 1])));
    await page.context().close();
  });
});

describe("Settings: company and call handling", () => {
  it("shows the week saved on the Availability screen meanwhile, and a save of other fields keeps it", async () => {
    const { page, settings } = await newSettings();
    expect(await settings.getByRole("checkbox", { name: "Saturday" }).isChecked()).toBe(false);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    const toAvailability = async () => {
      await nav.getByRole("link", { name: "Services" }).click();
      await page.getByRole("link", { name: "Opening hours & availability" }).click();
    };

    // Within the company's five fresh minutes, Saturday is opened on the Availability screen…
    await toAvailability();
    await page.getByRole("button", { name: "Add hours on Saturday" }).click();
    await page.getByLabel("Saturday, hours 1: from").fill("09:00");
    await page.getByLabel("Saturday, hours 1: to").fill("17:00");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Availability saved").waitFor();

    // …and Settings shows it; saving a greeting there leaves it open.
    await nav.getByRole("link", { name: "Settings" }).click();
    await expect.poll(() => settings.getByRole("checkbox", { name: "Saturday" }).isChecked()).toBe(true);
    await settings.getByLabel("Greeting").fill("Hello, Saturdays too!");
    await save(settings);
    await toast(page, "Settings updated successfully").waitFor();
    await toAvailability();
    await expect.poll(() => page.getByLabel("Saturday, hours 1: to").inputValue()).toBe("17:00");
    await page.context().close();
  });

  it("loads spec 9's defaults, saves every field and shows them again after a reload", async () => {
    const { page, settings } = await newSettings();
    // The shared currency list holds only codes this browser knows too (its Node side: company-currencies.test).
    const offered = await settings
      .getByLabel("Currency")
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toEqual([...COMPANY_CURRENCIES]);
    expect(
      await page.evaluate((codes) => {
        const known = Intl.supportedValuesOf("currency");
        return codes.filter((code) => !known.includes(code));
      }, offered),
    ).toEqual([]);
    expect(await settings.getByRole("combobox", { name: "Timezone" }).inputValue()).toBe("America/New_York");
    expect(await settings.getByLabel("Opening time").inputValue()).toBe("09:00");
    expect(await settings.getByLabel("Closing time").inputValue()).toBe("17:00");
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
      expect(await settings.getByRole("checkbox", { name: day }).isChecked()).toBe(true);
    expect(await settings.getByRole("checkbox", { name: "Saturday" }).isChecked()).toBe(false);
    await settings.locator("[data-no-phone]").waitFor();
    expect(await switchOf(settings, "Transfer calls to a person").isChecked()).toBe(false);
    expect(await settings.getByLabel("Transfer message").count()).toBe(0);
    // Spec 4: switching transfer on brings the numbers and the message; the other two are there already.
    expect(await switchOf(settings, "Transfer only during working hours").isChecked()).toBe(true);
    expect(await settings.getByLabel("Maximum wait (seconds)").inputValue()).toBe("300");

    await settings.getByLabel("Company name").fill("Harbour Dental");
    const timezone = settings.getByRole("combobox", { name: "Timezone" });
    await timezone.fill("madrid");
    await page.getByRole("option", { name: "Europe/Madrid" }).click();
    expect(await timezone.inputValue()).toBe("Europe/Madrid");
    await settings.getByText("Your weekly hours stay the same local times.", { exact: false }).waitFor();
    await settings.getByLabel("Opening time").fill("08:30");
    await settings.getByRole("checkbox", { name: "Saturday" }).check();
    await settings.getByRole("checkbox", { name: "Monday" }).uncheck();
    await settings.getByLabel("Greeting").fill("Harbour Dental, how can I help?");
    await settings.getByLabel("Company description prompt").fill("A dental practice by the harbour.");
    await settings.getByLabel("Currency").selectOption("EUR");
    await settings.getByLabel("Language of notifications and assistant").selectOption("pl");
    await flip(settings, "Transfer calls to a person");
    await addDepartment(settings, "Front desk", "+1 555 0101");
    await settings.getByLabel("Transfer message").fill("One moment, please.");
    await flip(settings, "Transfer only during working hours");
    await settings.getByLabel("Maximum wait (seconds)").fill("soon");
    await settings.getByText("Unsaved changes").waitFor();
    await save(settings);
    await toast(page, "Settings updated successfully").waitFor();
    // Spec 5: a max wait that is not a number is saved as 300.
    await expect.poll(() => settings.getByLabel("Maximum wait (seconds)").inputValue()).toBe("300");
    expect(await settings.getByText("Unsaved changes").count()).toBe(0);

    await page.reload();
    await settings.getByLabel("Company name").waitFor();
    expect(await settings.getByLabel("Company name").inputValue()).toBe("Harbour Dental");
    expect(await timezone.inputValue()).toBe("Europe/Madrid");
    expect(await settings.getByLabel("Opening time").inputValue()).toBe("08:30");
    expect(await settings.getByRole("checkbox", { name: "Monday" }).isChecked()).toBe(false);
    expect(await settings.getByRole("checkbox", { name: "Saturday" }).isChecked()).toBe(true);
    expect(await settings.getByLabel("Greeting").inputValue()).toBe("Harbour Dental, how can I help?");
    expect(await settings.getByLabel("Company description prompt").inputValue()).toBe(
      "A dental practice by the harbour.",
    );
    expect(await settings.getByLabel("Currency").inputValue()).toBe("EUR");
    expect(await settings.getByLabel("Language of notifications and assistant").inputValue()).toBe("pl");
    expect(await switchOf(settings, "Transfer calls to a person").isChecked()).toBe(true);
    expect(await defaultNumber(settings).innerText()).toBe("+1 555 0101");
    expect(await settings.getByLabel("Transfer message").inputValue()).toBe("One moment, please.");
    expect(await switchOf(settings, "Transfer only during working hours").isChecked()).toBe(false);
    expect(await settings.getByLabel("Maximum wait (seconds)").inputValue()).toBe("300");

    // Prices on the Services screen follow the company's currency.
    await createService(page, { name: "Check-up", duration: 30, price: 45, isActive: true });
    await page.getByRole("link", { name: "Services" }).first().click();
    await page.getByRole("cell", { name: "€45.00" }).waitFor();
    await page.context().close();
  });

  it("a saved company name shows in the account menu at once, without a reload or a new session", async () => {
    const page = await newPage();
    const email = await signUp(page);
    const settings = await openSettings(page);
    const accountMenu = page.getByRole("button", { name: `Account menu for ${email}` });
    const menu = page.getByRole("menu");
    const oldName = await settings.getByLabel("Company name").inputValue();
    await accountMenu.click();
    await menu.getByText(oldName, { exact: true }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.isVisible()).toBe(false);

    const refreshes = countRequests(page, "POST", "/api/auth/refresh");
    await settings.getByLabel("Company name").fill("Harbour Dental");
    await save(settings);
    await toast(page, "Settings updated successfully").waitFor();
    await accountMenu.click();
    await menu.getByText("Harbour Dental", { exact: true }).waitFor();
    expect(await menu.getByText(oldName, { exact: true }).count()).toBe(0);
    expect(refreshes()).toBe(0);
    await page.context().close();
  });

  it("shows spec 5's messages, and a save the server refuses keeps every field as typed", async () => {
    const { page, key, settings } = await newSettingsWithPhone("+1 555 0100");
    await settings.getByText("+1 555 0100").first().waitFor();

    await settings.getByLabel("Company name").fill("  ");
    await settings.getByLabel("Opening time").fill("18:00");
    await flip(settings, "Transfer calls to a person");
    await settings.getByLabel("Maximum wait (seconds)").fill("5000");
    await save(settings);
    await settings.getByText("Company name is required").waitFor();
    await settings.getByText("The closing time must be after the opening time").waitFor();
    await settings.getByText("Enter a wait from 0 to 3600 seconds").waitFor();
    expect(await settings.getByLabel("Company name").getAttribute("aria-invalid")).toBe("true");
    expect(await focusedName(page)).toBe("name");
    // A message goes as soon as its field changes.
    await settings.getByLabel("Company name").fill("Harbour Dental");
    expect(await settings.getByText("Company name is required").count()).toBe(0);
    await settings.getByLabel("Opening time").fill("09:00");
    await settings.getByLabel("Maximum wait (seconds)").fill("120");

    // The default number is where calls go: the company phone, chosen while it was +1 555 0100.
    await addDepartment(settings, "Billing", "+1 555 0199");
    await settings.getByRole("button", { name: "Use the company phone as the default" }).click();
    await save(settings);
    await toast(page, "Settings updated successfully").waitFor();
    expect(await defaultNumber(settings).innerText()).toBe("+1 555 0100 (company phone)");

    // Meanwhile the assistant answers on another number, and the server moves the default along. This page
    // still shows the old one; a save of the greeting alone goes through and keeps the moved default.
    await reportPhoneNumber(key, "+1 555 0111");
    await settings.getByLabel("Greeting").fill("Good morning!");
    await save(settings);
    await expect.poll(() => defaultNumber(settings).innerText()).toBe("+1 555 0111 (company phone)");
    await expect.poll(() => settings.getByText("Unsaved changes").count()).toBe(0);

    // Billing becomes the default; then the number changes again, and this page, showing the old one, puts
    // the company phone back as the default: the server refuses it. The toast says the save failed; nothing
    // typed is lost.
    await settings.getByRole("button", { name: "Make default Billing" }).click();
    await save(settings);
    await expect.poll(() => settings.getByText("Unsaved changes").count()).toBe(0);
    await reportPhoneNumber(key, "+1 555 0122");
    await settings.getByLabel("Greeting").fill("Good evening!");
    await settings.getByRole("button", { name: "Use the company phone as the default" }).click();
    await save(settings);
    await toast(page, "Failed to update settings").waitFor();
    await settings.getByText("Default must be the company phone or one of department numbers").waitFor();
    await settings.getByText("Your changes could not be saved").waitFor();
    expect(await settings.getByLabel("Greeting").inputValue()).toBe("Good evening!");
    expect(await settings.getByLabel("Company name").inputValue()).toBe("Harbour Dental");
    expect(await settings.getByLabel("Maximum wait (seconds)").inputValue()).toBe("120");
    await settings.getByText("Unsaved changes").waitFor();

    // A department number that is no phone number is refused before anything is sent.
    await addDepartment(settings, "Sales", "ask at the desk");
    await save(settings);
    await settings.getByText("A department's number must be a phone number with at least 3 digits").waitFor();
    await page.context().close();
  });

  it("marks the currency it refuses, and neither checks nor saves what the transfer switch hides", async () => {
    const page = await newPage();
    await signUp(page);
    // A business whose currency is no longer one a business may choose (the list shows it, as held).
    await page.route("**/api/company/me", async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as { data: Company };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, currency: "XTS" } } });
    });
    const settings = await openSettings(page);
    await settings.getByLabel("Company name").fill("Harbour Dental");
    await save(settings);
    await settings.getByText("Choose a currency from the list").waitFor();
    const currency = settings.getByLabel("Currency");
    expect(await currency.getAttribute("aria-invalid")).toBe("true");
    expect(await currency.evaluate((select) => select === document.activeElement)).toBe(true);
    await currency.selectOption("EUR");
    expect(await settings.getByText("Choose a currency from the list").count()).toBe(0);
    await page.unroute("**/api/company/me");

    // A message too long and a department that is no number, typed, then hidden by switching transfer off.
    await flip(settings, "Transfer calls to a person");
    await settings.getByLabel("Transfer message").fill("x".repeat(600));
    await settings.getByLabel("Department", { exact: true }).fill("Sales");
    await settings.getByLabel("Department phone number").fill("call me");
    await settings.getByRole("button", { name: "Add department" }).click();
    await flip(settings, "Transfer calls to a person");
    await save(settings);
    await toast(page, "Settings updated successfully").waitFor();
    expect(await settings.getByText("Correct the marked fields to save.").count()).toBe(0);
    const data = await staffApi<Company>(page, "GET", "/api/company/me");
    expect([data.name, data.currency, data.settings.callTransfer]).toEqual([
      "Harbour Dental",
      "EUR",
      { ...DEFAULT_CALL_TRANSFER, enabled: false },
    ]);
    // The switch on again shows what is stored, not what was hidden.
    await flip(settings, "Transfer calls to a person");
    expect(await settings.getByLabel("Transfer message").inputValue()).toBe(
      DEFAULT_CALL_TRANSFER.transferMessage,
    );
    await settings.getByText("No departments yet.").waitFor();
    await page.context().close();
  });

  it("shows a closing at the midnight that ends the day as 00:00, and reads a closing typed as 00:00 so", async () => {
    const page = await newPage();
    await signUp(page);
    // Evenings Monday to Friday, until midnight, as the Availability screen saves them.
    const evening = [{ start: "18:00", end: "24:00" }];
    await staffApi(page, "PUT", "/api/availability", {
      data: {
        weeklySchedule: {
          "0": [],
          "1": evening,
          "2": evening,
          "3": evening,
          "4": evening,
          "5": evening,
          "6": [],
        },
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
        minimumNoticeMinutes: 60,
        bookingHorizonDays: 60,
        slotStepMinutes: 15,
      },
    });
    const settings = await openSettings(page);
    const closing = settings.getByLabel("Closing time");
    expect(await settings.getByLabel("Opening time").inputValue()).toBe("18:00");
    expect(await closing.inputValue()).toBe("00:00");
    await settings.getByLabel("Company name").fill("Night Owl Dental");
    await save(settings);
    await toast(page, "Settings updated successfully").waitFor();
    const hoursSaved = async () =>
      (await staffApi<Company>(page, "GET", "/api/company/me")).settings.workingHours;
    expect(await hoursSaved()).toEqual({ start: "18:00", end: "24:00" });

    // Typed: 00:00 after an opening at 17:00 is the end of the day, not a closing before the opening.
    await settings.getByLabel("Opening time").fill("17:00");
    await closing.fill("22:00");
    await closing.fill("00:00");
    await save(settings);
    await expect.poll(hoursSaved).toEqual({ start: "17:00", end: "24:00" });
    expect(await settings.getByText("The closing time must be after the opening time").count()).toBe(0);
    expect(await closing.inputValue()).toBe("00:00");
    await page.context().close();
  });

  it("does not drop a department typed and not added: the save waits, saying so at its fields", async () => {
    const page = await newPage();
    await signUp(page);
    const settings = await openSettings(page);
    await flip(settings, "Transfer calls to a person");
    await save(settings);
    await toast(page, "Settings updated successfully").waitFor();
    await settings.getByText("Unsaved changes").waitFor({ state: "detached" });
    await settings.getByLabel("Department", { exact: true }).fill("Billing");
    await settings.getByLabel("Department phone number").fill("+1 555 0123");
    // Typed is unsaved: the badge says so, and leaving asks first.
    await settings.getByText("Unsaved changes").waitFor();
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Calls" })
      .click();
    const question = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await question.getByRole("button", { name: "Cancel" }).click();
    await question.waitFor({ state: "hidden" });

    const saves = countRequests(page, "PUT", "/api/company/me");
    await save(settings);
    await settings.getByText("Add the department or clear these fields").waitFor();
    expect(await focusedName(page)).toBe("newDepartmentKey");
    for (const label of ["Department", "Department phone number"])
      expect(await settings.getByLabel(label, { exact: true }).getAttribute("aria-invalid")).toBe("true");
    // Nothing was sent (the toast of the first save may still be up).
    expect(saves()).toBe(0);

    // Added, the message goes and the department is saved.
    await settings.getByRole("button", { name: "Add department" }).click();
    expect(await settings.getByText("Add the department or clear these fields").count()).toBe(0);
    await save(settings);
    await expect
      .poll(
        async () =>
          (await staffApi<Company>(page, "GET", "/api/company/me")).settings.callTransfer.transferPhoneNumbers
            .departments,
      )
      .toEqual({ Billing: "+1 555 0123" });
    await page.context().close();
  });

  it("follows a new company phone while open, keeping what is typed, and then saves", async () => {
    const { page, key, settings } = await newSettingsWithPhone("+1 555 0100", { clock: true });
    // The read-only company phone (the default transfer number beside its label is another output).
    const phone = settings.locator("output").filter({ hasText: /^\+1 555 \d{4}$/ });
    await expect.poll(() => phone.innerText()).toBe("+1 555 0100");
    await flip(settings, "Transfer calls to a person");
    await addDepartment(settings, "Billing", "+1 555 0199");
    await settings.getByRole("button", { name: "Use the company phone as the default" }).click();
    await save(settings);
    await toast(page, "Settings updated successfully").waitFor();

    // An edit in progress when the assistant starts answering on another number.
    await settings.getByLabel("Greeting").fill("Good morning!");
    await reportPhoneNumber(key, "+1 555 0111");
    await page.clock.fastForward(31_000);
    await expect.poll(() => phone.innerText()).toBe("+1 555 0111");
    expect(await defaultNumber(settings).innerText()).toBe("+1 555 0111 (company phone)");
    expect(await settings.getByLabel("Greeting").inputValue()).toBe("Good morning!");
    await settings.getByText("Unsaved changes").waitFor();

    await save(settings);
    await toast(page, "Settings updated successfully").waitFor();
    const data = await staffApi<Company>(page, "GET", "/api/company/me");
    expect([data.greeting, data.settings.callTransfer.transferPhoneNumbers.default]).toEqual([
      "Good morning!",
      "+1 555 0111",
    ]);
    await page.context().close();
  });

  it("says to try again once when a save fails, not in the failure and again after it", async () => {
    const { page, settings } = await newSettings();
    await failPuts(page, "**/api/company/me", "Internal error");
    await settings.getByLabel("Greeting").fill("Good morning!");
    await save(settings);
    const alert = settings.getByRole("alert").filter({ hasText: "Your changes could not be saved" });
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain(
      "Something went wrong on our side. Please try again. What you typed is still here.",
    );
    expect(text.match(/try again/gi)).toHaveLength(1);
    await page.context().close();
  });

  it("sends one save for a double press on Save", async () => {
    const { page, settings } = await newSettings();
    await settings.getByLabel("Greeting").fill("Hello twice?");
    const button = settings.getByRole("button", { name: "Save settings" });
    await expectOneSaveOfDoublePress(page, settings, button, "/api/company/me");
    await page.context().close();
  });

  it("moves the default transfer number by spec 4's rules", async () => {
    const { page, settings } = await newSettingsWithPhone("+1 555 0100");
    await flip(settings, "Transfer calls to a person");
    await settings.getByText("None yet: add a department below.").waitFor();

    // Empty (after trimming) is not a department.
    await addDepartment(settings, "   ", "+1 555 0101");
    await settings.getByText("Enter the department's name.").waitFor();
    await settings.getByText("No departments yet.").waitFor();

    // The first department becomes the default when there is none; the next one does not.
    await addDepartment(settings, "Front desk");
    await expect.poll(() => defaultNumber(settings).innerText()).toBe("+1 555 0101");
    await addDepartment(settings, "Billing", "+1 555 0102");
    const departments = settings.getByRole("list", { name: "Departments" });
    await expect.poll(() => departments.getByRole("listitem").count()).toBe(2);
    expect(await defaultNumber(settings).innerText()).toBe("+1 555 0101");

    // Each button that goes with its use hands the focus on rather than dropping it to the page.
    await settings.getByRole("button", { name: "Make default Billing" }).click();
    expect(await defaultNumber(settings).innerText()).toBe("+1 555 0102");
    await expect.poll(() => focusedControl(page)).toBe("Remove Billing");
    await settings.getByRole("button", { name: "Use the company phone as the default" }).click();
    await expect.poll(() => focusedControl(page)).toBe("Make default Front desk");
    await settings.getByRole("button", { name: "Make default Billing" }).click();
    expect(await defaultNumber(settings).innerText()).toBe("+1 555 0102");
    // Removing a department that is not the default leaves the default alone.
    await settings.getByRole("button", { name: "Remove Front desk" }).click();
    expect(await defaultNumber(settings).innerText()).toBe("+1 555 0102");
    await expect.poll(() => focusedControl(page)).toBe("Remove Billing");
    // Removing the default department puts the company phone back.
    await settings.getByRole("button", { name: "Remove Billing" }).click();
    expect(await defaultNumber(settings).innerText()).toBe("+1 555 0100 (company phone)");
    await settings.getByText("No departments yet.").waitFor();
    await expect.poll(() => focusedControl(page)).toBe("newDepartmentKey");
    await page.context().close();
  });

  it("asks before in-app navigation or closing the tab throws away unsaved changes", async () => {
    const { page, settings } = await newSettings();
    await settings.getByLabel("Company name").fill("Unsaved Ltd");
    await settings.getByText("Unsaved changes").waitFor();

    const calls = page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Calls" });
    await calls.click();
    const question = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await question.getByRole("button", { name: "Cancel" }).click();
    await question.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/settings");
    expect(await settings.getByLabel("Company name").inputValue()).toBe("Unsaved Ltd");

    // Closing the tab or reloading: the page asks the browser to confirm (beforeunload is cancelled).
    const leavingIsQuestioned = () =>
      page.evaluate(() => {
        const leaving = new Event("beforeunload", { cancelable: true });
        window.dispatchEvent(leaving);
        return leaving.defaultPrevented;
      });
    expect(await leavingIsQuestioned()).toBe(true);
    await settings.getByRole("button", { name: "Discard changes" }).click();
    await settings.getByText("Unsaved changes").waitFor({ state: "detached" });
    expect(await leavingIsQuestioned()).toBe(false);
    await page.context().close();
  });

  it("is usable with the keyboard only", async () => {
    const { page, settings } = await newSettings();
    await settings.getByLabel("Company name").focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Keyboard Clinic");
    // The timezone: type to search, arrows to choose, Enter to take it.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("combobox");
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Amsterdam");
    await page.getByRole("option", { name: "Europe/Amsterdam" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await settings.getByRole("combobox", { name: "Timezone" }).inputValue()).toBe("Europe/Amsterdam");
    // Saturday's checkbox, reached by Tab, ticked with Space.
    const saturday = settings.getByRole("checkbox", { name: "Saturday" });
    await tabTo(page, saturday);
    await page.keyboard.press("Space");
    expect(await saturday.isChecked()).toBe(true);
    // The transfer switch, then a department added with Enter.
    const transfer = switchOf(settings, "Transfer calls to a person");
    await tabTo(page, transfer);
    await page.keyboard.press("Space");
    await settings.getByLabel("Department", { exact: true }).waitFor();
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("newDepartmentKey");
    await page.keyboard.type("Front desk");
    await page.keyboard.press("Tab");
    await page.keyboard.type("+1 555 0101");
    await page.keyboard.press("Enter");
    await expect.poll(() => defaultNumber(settings).innerText()).toBe("+1 555 0101");
    // Enter in a plain field saves the form.
    await settings.getByLabel("Company name").focus();
    await page.keyboard.press("Enter");
    await toast(page, "Settings updated successfully").waitFor();
    await page.context().close();
  });

  it("shows no untranslated string of the form and its refusals in pl, fr, de, es and nl, at 360 px", async () => {
    const { readUntranslated, visibleTexts } = await import("../support/i18n-check");
    // A phone's width: the other languages' longer words must not push anything sideways.
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    await signUp(page);
    for (const language of ["pl", "fr", "de", "es", "nl"] as const) {
      await page.evaluate((code) => localStorage.setItem("language", code), language);
      await page.goto("/settings");
      await page.waitForFunction((code) => document.documentElement.lang === code, language);
      const settings = page.locator("main form").first();
      await settings.locator("input[name=name]").fill("");
      await settings.locator("input[name=closesAt]").fill("08:00");
      await settings.locator("[data-scope=switch][data-part=label]").first().click();
      await settings.locator("input[name=newDepartmentKey]").fill("Reception and appointments desk");
      await settings.locator("input[name=newDepartmentNumber]").fill("+1 555 0101");
      await settings.locator("input[name=newDepartmentNumber]").press("Enter");
      await settings.locator("button[type=submit]").click();
      await settings.locator("[data-part=error-text]").nth(1).waitFor();
      // Currency names come from the browser in the interface language, not from the catalogs.
      const texts = (await visibleTexts(page)).filter((text) => !/^[A-Z]{3} · /.test(text));
      expect({ language, untranslated: readUntranslated(language, texts) }).toEqual({
        language,
        untranslated: [],
      });
      const width = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect({ language, width: width[0] }).toEqual({ language, width: width[1] });
      // Discard (the button before Save), so the next page load is not questioned.
      await settings.locator("button[type=submit]").locator("xpath=preceding-sibling::button[1]").click();
      await settings.locator("[data-unsaved]").waitFor({ state: "detached" });
    }
    await page.context().close();
  });
});
