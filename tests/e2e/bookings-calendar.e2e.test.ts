import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookAsAssistant, firstFreeSlot } from "../support/bookings";
import {
  browserForFile,
  callReport,
  createAssistantKey,
  createService,
  reportCallOk,
  signUp,
} from "../support/browser";

const { newPage } = browserForFile();

const toast = (page: Page, text: string) =>
  page.locator("[data-scope=toast]").getByText(text, { exact: true });

/** The Monday-to-Sunday week of a YYYY-MM-DD day. */
const days = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  const monday = date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000;
  return Array.from({ length: 7 }, (_, index) =>
    new Date(monday + index * 86_400_000).toISOString().slice(0, 10),
  );
};

const focusedAttribute = (page: Page, name: string) =>
  page.evaluate((attribute) => document.activeElement?.getAttribute(attribute) ?? null, name);

/** Presses Tab until the focused element matches `selector` (at most `limit` times): keyboard-only navigation. */
async function tabTo(page: Page, selector: string, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe("Bookings calendar", () => {
  it("shows a booking by its day and time in week and month, opens its panel and acts on it, by keyboard", async () => {
    const page = await newPage();
    await page.clock.install();
    await signUp(page);
    const serviceId = await createService(page, {
      name: "Colour & Cut",
      duration: 60,
      price: 45,
      isActive: true,
    });
    const key = await createAssistantKey(page);
    const call = callReport({
      outcome: "booked",
      callerName: "Grace Hopper",
      summary: "Booked a colour and cut",
    });
    const callId = await reportCallOk(key, call);
    const slot = await firstFreeSlot(page, serviceId);
    const bookingId = await bookAsAssistant(key, {
      serviceId,
      startTime: slot.start,
      callExternalId: call.externalId,
    });
    // The slot is written with the business's offset: its own date and HH:MM are the business's.
    const day = slot.start.slice(0, 10);
    const startClock = slot.start.slice(11, 16);
    const endClock = slot.end.slice(11, 16);

    // Week view: in the day's column, its times on the block.
    await page.goto(`/bookings?view=calendar&date=${day}`);
    const weekBlock = page.locator(`[data-calendar=week] [data-day="${day}"] [data-booking="${bookingId}"]`);
    await weekBlock.waitFor();
    expect(await weekBlock.innerText()).toContain(`${startClock}–${endClock}`);
    expect(await weekBlock.innerText()).toContain("Grace Hopper");
    expect(await weekBlock.getAttribute("data-status")).toBe("pending");
    expect(await weekBlock.innerText()).toContain("pending");
    // Placed by its time: an hour tall (3rem per hour), its top at its start.
    const box = await weekBlock.locator("xpath=..").boundingBox();
    expect(Math.round(box!.height)).toBe(48);

    // A booking the assistant makes meanwhile appears without a reload (when it falls in the shown week).
    const next = await firstFreeSlot(page, serviceId);
    const nextCall = callReport({ outcome: "booked", callerName: "Katherine Johnson" });
    await reportCallOk(key, nextCall);
    const nextId = await bookAsAssistant(key, {
      serviceId,
      startTime: next.start,
      callExternalId: nextCall.externalId,
    });
    if (next.start.slice(0, 10) >= days(day)[0]! && next.start.slice(0, 10) <= days(day)[6]!) {
      // The calendar's 20 s refresh comes round.
      await page.clock.fastForward(20_000);
      await page.locator(`[data-calendar=week] [data-booking="${nextId}"]`).waitFor();
    }

    // Keyboard only: to the range switch, month by the arrow keys.
    await page.locator("body").focus();
    await tabTo(
      page,
      "[data-scope=segment-group][data-part=item-hidden-input][value=week], input[value=week]",
    );
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(/span=month/);
    const monthCell = page.locator(`[data-calendar=month] td[data-day="${day}"]`);
    await monthCell.locator(`[data-booking="${bookingId}"]`).waitFor();
    expect(await monthCell.locator(`[data-booking="${bookingId}"]`).innerText()).toContain(startClock);

    // The month's day buttons are one tab stop; the arrows move between days.
    await tabTo(page, "[data-day-button][tabindex='0']");
    const from = await focusedAttribute(page, "data-day-button");
    await page.keyboard.press("ArrowDown");
    const down = await focusedAttribute(page, "data-day-button");
    expect(down).not.toBe(from);
    await page.keyboard.press("ArrowUp");
    expect(await focusedAttribute(page, "data-day-button")).toBe(from);

    // Tab on to the booking, open its panel with Enter.
    await tabTo(page, `[data-booking="${bookingId}"]`);
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Grace Hopper" });
    await panel.waitFor();
    await page.waitForURL(new RegExp(`booking=${bookingId}`));
    await panel.getByText("Colour & Cut").waitFor();
    await panel.getByText("+15550001111").waitFor();
    await panel.getByText("Prefers the window seat").waitFor();
    await panel.getByText("$45.00", { exact: true }).waitFor();
    const timeline = panel.locator("ol").last();
    await timeline.locator("[data-event=create]").waitFor();
    expect(await timeline.innerText()).toContain("Assistant");
    const callLink = panel.getByRole("link", { name: /Open the call/ });
    expect(await callLink.getAttribute("href")).toBe(`/calls/${callId}`);

    // An action from the panel: the toast, the timeline and the calendar follow.
    await panel.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Booking updated successfully").waitFor();
    await timeline.locator("[data-event=confirm]").waitFor();
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    await page
      .locator(`[data-calendar=month] [data-booking="${bookingId}"][data-status=confirmed]`)
      .waitFor();
    expect(page.url()).not.toContain("booking=");

    // A reload keeps the view, range and date; List switches back.
    await page.reload();
    await page.locator(`[data-calendar=month] [data-booking="${bookingId}"]`).waitFor();
    await page.locator("main [data-scope=segment-group][data-part=item]", { hasText: "List" }).click();
    expect(await page.getByRole("radio", { name: "List" }).isChecked()).toBe(true);
    await page.waitForURL((url) => url.searchParams.get("view") === null);

    // The call detail shows the booking made during it, with a link that opens it.
    await page.goto(`/calls/${callId}`);
    const card = page.locator(`[data-call-booking="${bookingId}"]`);
    await card.waitFor();
    expect(await card.innerText()).toContain("Colour & Cut");
    await card.getByRole("link", { name: "Open the booking" }).click();
    await page.getByRole("dialog", { name: "Grace Hopper" }).waitFor();
    await page.locator(`[data-calendar=week] [data-booking="${bookingId}"]`).waitFor();
    await page.context().close();
  });

  it("says so when the booking in the address no longer exists", async () => {
    const page = await newPage();
    await signUp(page);
    await page.goto("/bookings?view=calendar&booking=00000000-0000-4000-8000-000000000000");
    await page.getByRole("dialog").getByText("This booking no longer exists", { exact: false }).waitFor();
    await page.context().close();
  });

  it("shows no untranslated string of the calendar or its panel in pl, fr, de, es and nl", async () => {
    const { readUntranslated, visibleTexts } = await import("../support/i18n-check");
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await signUp(page);
    const serviceId = await createService(page, {
      name: "Colour & Cut",
      duration: 60,
      price: 45,
      isActive: true,
    });
    const key = await createAssistantKey(page);
    const call = callReport({ outcome: "booked", callerName: "Grace Hopper" });
    await reportCallOk(key, call);
    const slot = await firstFreeSlot(page, serviceId);
    const bookingId = await bookAsAssistant(key, {
      serviceId,
      startTime: slot.start,
      callExternalId: call.externalId,
    });
    const day = slot.start.slice(0, 10);
    for (const language of ["pl", "fr", "de", "es", "nl"] as const) {
      await page.evaluate((code) => localStorage.setItem("language", code), language);
      for (const [path, loaded] of [
        [`/bookings?view=calendar&date=${day}`, `main [data-calendar=week] [data-booking="${bookingId}"]`],
        [
          `/bookings?view=calendar&span=month&date=${day}`,
          `main [data-calendar=month] [data-booking="${bookingId}"]`,
        ],
        [`/bookings?view=calendar&date=${day}&booking=${bookingId}`, "[role=dialog] [data-event=create]"],
      ] as const) {
        await page.goto(path);
        await page.waitForFunction((code) => document.documentElement.lang === code, language);
        await page.locator(loaded).waitFor();
        const texts = await visibleTexts(page);
        expect({ language, path, untranslated: readUntranslated(language, texts) }).toEqual({
          language,
          path,
          untranslated: [],
        });
      }
    }
    await page.context().close();
  });
});
