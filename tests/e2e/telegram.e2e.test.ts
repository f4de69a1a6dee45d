import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAsAssistant, firstFreeSlot } from "../support/bookings";
import {
  browserForFile,
  createAssistantKey,
  createService,
  expectNoAxeViolations,
  signUp,
  staffApi,
  toast,
} from "../support/browser";
import { type FakeBotApi, startFakeBotApi } from "../support/fake-bot-api";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { sidewaysOverflow } from "../support/sideways-overflow";

const { newPage } = browserForFile();

// The file's own server, with a bot pointed at the fake Bot API; the shared one has no bot (the card then
// says what to configure).
let fake: FakeBotApi;
let server: ServerProcess;
beforeAll(async () => {
  fake = await startFakeBotApi();
  server = await startServerProcess({ ...fake.env, SEED_DEMO: "false" });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const withBot = (options: Parameters<typeof newPage>[0] = {}) =>
  newPage({ baseURL: server.baseURL, ...options });

const card = (page: Page) => page.getByRole("region", { name: "Telegram notifications" });
const connectDialog = (page: Page) => page.getByRole("dialog", { name: "Connect Telegram" });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active instanceof HTMLInputElement ? (active.labels?.[0]?.textContent ?? "") : "";
  });

/** Step 1 of the dialog, once its link is made: the one-time code the deep link carries. */
async function linkCode(dialog: Locator): Promise<string> {
  const open = dialog.getByRole("link", { name: `Open @${fake.username}` });
  await open.waitFor();
  const href = await open.getAttribute("href");
  const code = href ? new URL(href).searchParams.get("start") : null;
  if (!code) throw new Error(`the deep link carries no code: ${href}`);
  return code;
}

let nextChat = 910_000_001;

describe("Settings → Telegram, with a bot", () => {
  it("connects in three steps by keyboard alone, the chat ID filled in by the bot, then disconnects", async () => {
    // A device far from the business (America/New_York, the default): the card shows the business's day.
    const page = await withBot({ timezoneId: "Pacific/Kiritimati" });
    await signUp(page, "/settings");
    const connect = card(page).getByRole("button", { name: "Connect Telegram" });
    await connect.focus();
    await page.keyboard.press("Enter");
    const dialog = connectDialog(page);
    const code = await linkCode(dialog);
    await dialog.getByRole("heading", { name: "Step 1 of 3: Open the bot" }).waitFor();
    expect(await dialog.getByRole("button", { name: "Back" }).count()).toBe(0);

    // Step 2: the start command carries the same code, for a chat opened without the link.
    await dialog.getByRole("button", { name: "Next" }).focus();
    await page.keyboard.press("Enter");
    await dialog.getByRole("heading", { name: "Step 2 of 3: Send the start command" }).waitFor();
    expect(await dialog.getByRole("textbox", { name: "Start command" }).inputValue()).toBe(`/start ${code}`);
    await expect.poll(() => focusedText(page)).toBe("Next");
    await page.keyboard.press("Enter");

    // Step 3: focus is on the chat ID; Connect waits for one.
    await dialog.getByRole("heading", { name: "Step 3 of 3: Enter the chat ID" }).waitFor();
    await expect.poll(() => focusedLabel(page)).toBe("Chat ID");
    expect(await dialog.getByRole("button", { name: "Connect", exact: true }).isDisabled()).toBe(true);
    await dialog.getByText("Waiting for your message to the bot", { exact: false }).waitFor();

    // The owner presses Start in Telegram: the bot sees the code from their chat, and the field fills in.
    const chatId = nextChat++;
    fake.sendStart(chatId, code);
    await dialog.getByText("Filled in from your chat with the bot.").waitFor();
    expect(await dialog.getByRole("textbox", { name: "Chat ID" }).inputValue()).toBe(String(chatId));

    await page.keyboard.press("Enter");
    await toast(
      page,
      "Telegram connected successfully! You'll now receive appointment notifications.",
    ).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    const { connectedAt } = await staffApi<{ connectedAt: string }>(page, "GET", "/api/telegram/status");
    const day = new Intl.DateTimeFormat("en", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "America/New_York",
    }).format(new Date(connectedAt));
    await card(page).getByText(`Connected since ${day} (America/New_York)`, { exact: true }).waitFor();
    // Connecting sent a test message to that chat.
    expect((await fake.waitForMessages(chatId, 1)).length).toBeGreaterThanOrEqual(1);
    // Connect has become Disconnect, and focus went there.
    await expect.poll(() => focusedText(page)).toBe("Disconnect");

    // Disconnect asks first; the safe choice has focus.
    await page.keyboard.press("Enter");
    const question = page.getByRole("alertdialog", { name: "Disconnect Telegram?" });
    await question.waitFor();
    await expect.poll(() => focusedText(page)).toBe("Cancel");
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe("Disconnect");
    await page.keyboard.press("Enter");
    await toast(page, "Telegram disconnected successfully.").waitFor();
    await card(page).getByRole("button", { name: "Connect Telegram" }).waitFor();
    await page.reload();
    await card(page).getByText("Not connected", { exact: false }).waitFor();
    await page.context().close();
  });

  it("explains a chat ID that is not a number or that Telegram refuses, keeping it, at 360 px", async () => {
    const page = await withBot({ viewport: { width: 360, height: 740 } });
    await signUp(page, "/settings");
    await card(page).getByRole("button", { name: "Connect Telegram" }).click();
    const dialog = connectDialog(page);
    await linkCode(dialog);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Next" }).click();
    const field = dialog.getByRole("textbox", { name: "Chat ID" });
    const connects: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/telegram/connect")
        connects.push(request.postData() ?? "");
    });

    // Spec 5.
    await field.fill("my chat");
    await dialog.getByRole("button", { name: "Connect", exact: true }).click();
    await dialog.getByText("Please enter a valid chat ID").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");

    // Spec 8: Telegram does not know the chat; the ID typed stays for correcting.
    const unknown = nextChat++;
    fake.unknownChat(unknown);
    await field.fill(String(unknown));
    expect(await dialog.getByText("Please enter a valid chat ID").count()).toBe(0);
    await dialog.getByRole("button", { name: "Connect", exact: true }).click();
    await dialog
      .getByRole("alert")
      .getByText("Failed to connect Telegram. Please check your chat ID.")
      .waitFor();
    await toast(page, "Failed to connect Telegram. Please check your chat ID.").waitFor();
    expect(await field.inputValue()).toBe(String(unknown));
    expect(await sidewaysOverflow(page)).toEqual([]);

    // Back and forth keeps it too, without sending it again: Next turns into Connect under the pointer, and
    // the click that pressed Next must not submit the form as well. Cancel resets.
    expect(connects).toEqual([JSON.stringify({ chatId: unknown })]);
    await dialog.getByRole("button", { name: "Back" }).click();
    await dialog.getByRole("heading", { name: "Step 2 of 3: Send the start command" }).waitFor();
    await dialog.getByRole("button", { name: "Next" }).click();
    expect(await field.inputValue()).toBe(String(unknown));
    await dialog.getByRole("button", { name: "Connect", exact: true }).waitFor();
    expect(connects).toHaveLength(1);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await card(page).getByRole("button", { name: "Connect Telegram" }).click();
    await linkCode(dialog);
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Next" }).click();
    expect(await field.inputValue()).toBe("");
    await page.context().close();
  });
});

describe("Telegram notifications, end to end", () => {
  it("a booking made by the assistant arrives in the chat, is confirmed from its button, and shows confirmed", async () => {
    const page = await withBot();
    await signUp(page);
    const chatId = nextChat++;
    await staffApi(page, "POST", "/api/telegram/connect", { data: { chatId } });
    const serviceId = await createService(page, {
      name: "Beard trim",
      duration: 30,
      price: 20,
      isActive: true,
    });
    const key = await createAssistantKey(page);
    const slot = await firstFreeSlot(page, serviceId);
    const bookingId = await bookAsAssistant(
      key,
      { serviceId, startTime: slot.start, customerName: "Ada Lovelace" },
      server.baseURL,
    );

    // The connect's test message, then the booking's, with Confirm and Cancel under it.
    const [, booked] = await fake.waitForMessages(chatId, 2);
    expect(booked!.text).toContain("Ada Lovelace");
    expect(booked!.text).toContain("Beard trim");
    const confirm = booked!.replyMarkup?.inline_keyboard
      .flat()
      .find((b) => b.callback_data?.startsWith("confirm:"));
    if (!confirm?.callback_data) throw new Error(`no Confirm button: ${JSON.stringify(booked!.replyMarkup)}`);
    await fake.waitForCallbackAnswer(fake.pressButton(chatId, booked!.messageId, confirm.callback_data));

    await page.goto("/bookings");
    await page.locator(`main [data-booking="${bookingId}"][data-status=confirmed]`).waitFor();

    // The owner blocks the bot: the next message is refused, and Settings says so and offers to reconnect.
    fake.blockChat(chatId);
    const next = await firstFreeSlot(page, serviceId);
    await bookAsAssistant(
      key,
      { serviceId, startTime: next.start, customerName: "Grace Hopper" },
      server.baseURL,
    );
    await expect
      .poll(
        async () =>
          (await staffApi<{ brokenAt: string | null }>(page, "GET", "/api/telegram/status")).brokenAt,
        {
          timeout: 30_000,
        },
      )
      .not.toBeNull();
    await page.goto("/settings");
    await card(page).getByText("Telegram stopped delivering your notifications").waitFor();
    await card(page).getByRole("button", { name: "Reconnect" }).click();
    const dialog = connectDialog(page);
    const code = await linkCode(dialog);
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Next" }).click();
    const newChat = nextChat++;
    fake.sendStart(newChat, code);
    await dialog.getByText("Filled in from your chat with the bot.").waitFor();
    await dialog.getByRole("button", { name: "Connect", exact: true }).click();
    await card(page)
      .getByText(/^Connected since /)
      .waitFor();
    expect(await card(page).getByText("Telegram stopped delivering your notifications").count()).toBe(0);
    await page.context().close();
  }, 120_000);
});

describe("Settings → Telegram in pl, fr, de, es and nl", () => {
  it("shows no untranslated string on the card or in any step of the dialog", async () => {
    const { readUntranslated, visibleTexts } = await import("../support/i18n-check");
    const page = await withBot();
    await signUp(page);
    for (const language of ["pl", "fr", "de", "es", "nl"] as const) {
      await page.evaluate((code) => localStorage.setItem("language", code), language);
      await page.goto("/settings");
      await page.waitForFunction((code) => document.documentElement.lang === code, language);
      const texts: string[] = [];
      // The card's one button opens the dialog; each step's texts are read as it shows.
      const open = page.getByRole("button").filter({ hasText: /Telegram/ });
      await open.click();
      const dialog = page.getByRole("dialog");
      await dialog.locator("a[href^='https://t.me/']").waitFor();
      texts.push(...(await visibleTexts(page)));
      // Next is the footer's last button.
      await dialog.locator("button[type=button]").last().click();
      await dialog.locator("input[readonly]").waitFor();
      texts.push(...(await visibleTexts(page)));
      await dialog.locator("button[type=button]").last().click();
      await dialog.locator("input:not([readonly])").fill("x");
      await dialog.locator("button[type=submit]").click();
      await dialog.locator("[aria-invalid=true]").waitFor();
      texts.push(...(await visibleTexts(page)));
      expect({ language, untranslated: readUntranslated(language, texts) }).toEqual({
        language,
        untranslated: [],
      });
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);
    }
    await page.context().close();
  }, 120_000);
});

describe("Settings → Telegram, without a bot", () => {
  it("says what to configure instead of offering Connect", async () => {
    const page = await newPage();
    await signUp(page, "/settings");
    await card(page).getByText("Telegram is not set up on this server yet.").waitFor();
    expect(await card(page).innerText()).toContain("TELEGRAM_BOT_TOKEN");
    expect(await card(page).innerText()).toContain("TELEGRAM_BOT_USERNAME");
    expect(await card(page).getByRole("button").count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});

describe("axe finds no violations on the Telegram card, in either theme", () => {
  // Every step shares the dialog, its tabs and footer; step 2's copy field is the assistant keys' own.
  it("not connected, step 1, a refused chat ID in step 3, and connected", async () => {
    const page = await withBot();
    await signUp(page, "/settings");
    const connect = card(page).getByRole("button", { name: "Connect Telegram" });
    await connect.waitFor();
    await expectNoAxeViolations(page);

    await connect.click();
    const dialog = connectDialog(page);
    await linkCode(dialog);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Next" }).click();
    const field = dialog.getByRole("textbox", { name: "Chat ID" });
    await field.fill("not a number");
    await dialog.getByRole("button", { name: "Connect", exact: true }).click();
    await dialog.getByText("Please enter a valid chat ID").waitFor();
    await expectNoAxeViolations(page);

    await field.fill(String(nextChat++));
    await dialog.getByRole("button", { name: "Connect", exact: true }).click();
    await card(page)
      .getByText(/^Connected since /)
      .waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.context().close();
  }, 120_000);
});
