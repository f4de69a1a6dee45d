import type { Booking } from "@shared/booking.schema";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookAsAssistant, bookDuringCall, firstFreeSlot, setBookingStatus } from "../support/bookings";
import {
  animationsSettled,
  browserForFile,
  callReport,
  createAssistantKey,
  createService,
  reportCallOk,
  signUp,
  staffApi,
  toast,
} from "../support/browser";

const { newPage } = browserForFile();

/** The Monday-to-Sunday week of a YYYY-MM-DD day. */
const days = (day: string) => {
  const date = new Date(`${day}T12:00:00Z`);
  const monday = date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000;
  return Array.from({ length: 7 }, (_, index) =>
    new Date(monday + index * 86_400_000).toISOString().slice(0, 10),
  );
};

/** FullCalendar's event (the focusable, draggable block) around a booking's content. */
const eventOf = (page: Page, bookingId: string) =>
  page.locator(`main [role=button]:has([data-booking="${bookingId}"])`);

/** The texts of the booking's block whose line reaches below the block's bottom edge (cut through). */
const linesCutOff = (page: Page, bookingId: string) =>
  page.locator(`main [data-booking="${bookingId}"]`).evaluate((block) => {
    const bottom = block.getBoundingClientRect().bottom;
    return [...block.children]
      .filter((line) => getComputedStyle(line).position !== "absolute")
      .filter((line) => line.getBoundingClientRect().bottom > bottom + 0.5)
      .map((line) => line.textContent);
  });

/** Drags the booking's block by `dy` pixels with the mouse, in small steps as a hand would. */
async function dragBy(page: Page, bookingId: string, dy: number) {
  const box = (await eventOf(page, bookingId).boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + Math.min(10, box.height / 2)];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x, y + (dy * step) / 10);
  await page.mouse.up();
}

const bookingOf = (page: Page, id: string) => staffApi<Booking>(page, "GET", `/api/bookings/${id}`);

/** Presses Tab until the focused element matches `selector` (at most `limit` times): keyboard-only navigation. */
/** A new salon signed in on `page`: its hour-long "Colour & Cut" and a key for its assistant. */
async function openSalon(page: Page) {
  await signUp(page);
  const serviceId = await createService(page, {
    name: "Colour & Cut",
    duration: 60,
    price: 45,
    isActive: true,
  });
  return { serviceId, key: await createAssistantKey(page) };
}

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
    const { serviceId, key } = await openSalon(page);
    const call = callReport({
      outcome: "booked",
      callerName: "Grace Hopper",
      summary: "Booked a colour and cut",
    });
    const { callId, slot, bookingId } = await bookDuringCall(page, key, serviceId, call);
    // The slot is written with the business's offset: its own date and HH:MM are the business's.
    const day = slot.start.slice(0, 10);
    const startClock = slot.start.slice(11, 16);
    const endClock = slot.end.slice(11, 16);

    // The list does not fetch the calendar's code (FullCalendar); the calendar view does.
    const chunks: string[] = [];
    page.on("request", (request) => chunks.push(new URL(request.url()).pathname));
    await page.goto("/bookings");
    await page.locator(`main [data-booking="${bookingId}"]`).first().waitFor();
    expect(chunks.filter((path) => path.startsWith("/assets/bookings-calendar-"))).toEqual([]);

    // Week view: in the day's column, its times on the block.
    await page.goto(`/bookings?view=calendar&date=${day}`);
    const weekBlock = page.locator(`[data-calendar=week] [data-date="${day}"] [data-booking="${bookingId}"]`);
    await weekBlock.waitFor();
    expect(chunks.some((path) => path.startsWith("/assets/bookings-calendar-"))).toBe(true);
    page.removeAllListeners("request");
    expect(await weekBlock.innerText()).toContain(`${startClock}–${endClock}`);
    expect(await weekBlock.innerText()).toContain("Grace Hopper");
    expect(await weekBlock.getAttribute("data-status")).toBe("pending");
    expect(await weekBlock.innerText()).toContain("pending");
    // Placed by its time: an hour tall (48 px an hour), every line it shows whole (none cut by the block's
    // bottom edge), the name ending in an ellipsis rather than a clipped letter.
    const box = await eventOf(page, bookingId).boundingBox();
    expect(Math.abs(box!.height - 48)).toBeLessThanOrEqual(2);
    expect(await linesCutOff(page, bookingId)).toEqual([]);

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
    const monthCell = page.locator(`[data-calendar=month] [data-date="${day}"]`);
    await monthCell.locator(`[data-booking="${bookingId}"]`).waitFor();
    expect(await monthCell.locator(`[data-booking="${bookingId}"]`).innerText()).toContain(startClock);

    // Tab on to the booking (FullCalendar's event is a button), open its panel with Enter.
    await tabTo(page, `[role=button]:has([data-booking="${bookingId}"])`);
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
    await page.waitForURL((url) => url.searchParams.get("view") === null);
    await expect.poll(() => page.getByRole("radio", { name: "List" }).isChecked()).toBe(true);

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

  it("reschedules by drag and drop: a drop outside the hours asks (cancelled: back at once; confirmed: moved), one inside moves it", async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    const { serviceId, key } = await openSalon(page);
    // From tomorrow: two hours earlier than any of its slots is still ahead, whatever the time of day now.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const slot = await firstFreeSlot(page, serviceId, tomorrow);
    const bookingId = await bookAsAssistant(key, {
      serviceId,
      startTime: slot.start,
      customerName: "Grace Hopper",
    });
    const day = slot.start.slice(0, 10);
    // A cancelled booking cannot be moved: FullCalendar is not told it may be dragged.
    const later = await firstFreeSlot(page, serviceId, tomorrow);
    const cancelledId = await bookAsAssistant(key, { serviceId, startTime: later.start });
    await setBookingStatus(page, cancelledId, "cancelled");

    await page.goto(`/bookings?view=calendar&date=${day}`);
    await eventOf(page, bookingId).waitFor();
    const before = (await eventOf(page, bookingId).boundingBox())!;

    // Down to 17:00 and later: outside a new business's 09:00–17:00. The server refuses; the block goes back.
    const hourPx = 48;
    const toFive = (17 - Number(slot.start.slice(11, 13))) * hourPx;
    await dragBy(page, bookingId, toFive);
    // Staff may mean it, as in the reschedule dialog: asked, first focus on Cancel; cancelled, nothing moves.
    const question = page.getByRole("alertdialog", { name: "Outside the opening hours" });
    await question.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await page.keyboard.press("Enter");
    await question.waitFor({ state: "hidden" });
    // Back at once with the refusal, not when the calendar next redraws its bookings (every 30 s).
    await page.waitForFunction(
      ([id, top]) => {
        const block = document.querySelector(`main [role=button]:has([data-booking="${id}"])`);
        return block && Math.abs(block.getBoundingClientRect().top - Number(top)) < 1;
      },
      [bookingId, String(before.y)] as const,
      { timeout: 5_000 },
    );
    expect((await bookingOf(page, bookingId)).startTime).toBe(new Date(slot.start).toISOString());

    // Two hours away (later, or earlier for a late first slot): free and inside the hours. It moves, keeps
    // its hour, and waits for confirmation again.
    const moveBy = Number(slot.start.slice(11, 13)) <= 14 ? 2 : -2;
    // The question's backdrop gone for good, and the block at rest: a press on a fading backdrop drags nothing.
    await question.waitFor({ state: "detached" });
    await animationsSettled(page);
    await dragBy(page, bookingId, moveBy * hourPx);
    await toast(page, "Booking updated successfully").waitFor();
    await expect
      .poll(async () => (await bookingOf(page, bookingId)).startTime)
      .toBe(new Date(Date.parse(slot.start) + moveBy * 3_600_000).toISOString());
    const moved = await bookingOf(page, bookingId);
    expect(Date.parse(moved.endTime) - Date.parse(moved.startTime)).toBe(3_600_000);
    expect(moved.status).toBe("pending");
    await page.waitForFunction(
      ([id, top]) => {
        const block = document.querySelector(`main [role=button]:has([data-booking="${id}"])`);
        return block && Math.abs(block.getBoundingClientRect().top - Number(top)) < 1;
      },
      [bookingId, String(before.y + moveBy * hourPx)] as const,
    );

    // Down to 17:00 again, and this time staff mean it: the booking moves outside the hours.
    const movedHour = Number(slot.start.slice(11, 13)) + moveBy;
    await dragBy(page, bookingId, (17 - movedHour) * hourPx);
    await question.getByRole("button", { name: "Reschedule anyway" }).click();
    await question.waitFor({ state: "hidden" });
    await expect
      .poll(async () => (await bookingOf(page, bookingId)).startTime)
      .toBe(new Date(Date.parse(moved.startTime) + (17 - movedHour) * 3_600_000).toISOString());

    // The cancelled one stays where it is.
    await page.goto(`/bookings?view=calendar&date=${later.start.slice(0, 10)}`);
    await eventOf(page, cancelledId).waitFor();
    await dragBy(page, cancelledId, hourPx);
    expect((await bookingOf(page, cancelledId)).startTime).toBe(new Date(later.start).toISOString());
    await page.context().close();
  });

  it("refuses a drop into the past where it is made: nothing is sent, the booking stays", async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    const { serviceId, key } = await openSalon(page);
    const slot = await firstFreeSlot(page, serviceId, new Date(Date.now() + 86_400_000));
    const bookingId = await bookAsAssistant(key, { serviceId, startTime: slot.start });
    // The device's clock reads half an hour before the start: an hour earlier is past (the server, whose
    // clock is a day or more behind, would take it, or ask about the opening hours).
    await page.clock.install({ time: new Date(Date.parse(slot.start) - 30 * 60_000) });
    await page.goto(`/bookings?view=calendar&date=${slot.start.slice(0, 10)}`);
    await eventOf(page, bookingId).waitFor();
    const before = (await eventOf(page, bookingId).boundingBox())!;
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT") sent.push(request.url());
    });

    await dragBy(page, bookingId, -48);
    await animationsSettled(page);
    expect(sent).toEqual([]);
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect((await eventOf(page, bookingId).boundingBox())!.y).toBeCloseTo(before.y, 0);
    expect((await bookingOf(page, bookingId)).startTime).toBe(new Date(slot.start).toISOString());
    await page.context().close();
  });

  it("shows a day's hours, and on a phone the week and the month as lists of days", async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await signUp(page);
    // 45 minutes: one line on the block, its name ellipsized, nothing cut through.
    const serviceId = await createService(page, {
      name: "Koloryzacja i strzyżenie damskie",
      duration: 45,
      price: 45,
      isActive: true,
    });
    const key = await createAssistantKey(page);
    const slot = await firstFreeSlot(page, serviceId);
    const bookingId = await bookAsAssistant(key, {
      serviceId,
      startTime: slot.start,
      customerName: "Maria Konstantynopolitańczykiewiczówna",
    });
    const day = slot.start.slice(0, 10);
    await page.goto(`/bookings?view=calendar&date=${day}`);
    await eventOf(page, bookingId).waitFor();
    expect(await linesCutOff(page, bookingId)).toEqual([]);
    const name = page.locator(`main [data-booking="${bookingId}"] [data-part=name]`);
    // Either a few whole letters and an ellipsis, or moved off the line (read out, not shown): never a sliver.
    const shown = await name.evaluate((element) => {
      const line = element.parentElement!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return box.top >= line.bottom ? "hidden" : box.width >= 24 ? "ellipsized" : `${box.width}px`;
    });
    expect(["hidden", "ellipsized"]).toContain(shown);

    await page.locator("main [data-scope=segment-group][data-part=item]", { hasText: "Day" }).click();
    await page.waitForURL(/span=day/);
    await page.locator(`[data-calendar=day] [data-booking="${bookingId}"]`).waitFor();
    expect(await page.locator("main h2").innerText()).toMatch(/^\S/);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/bookings?view=calendar&date=${day}`);
    const listed = page.locator(`[data-calendar=list] [data-booking="${bookingId}"]`);
    await listed.waitFor();
    // The list shows the whole name and the service, wrapped rather than cut.
    expect(await listed.innerText()).toContain("Maria Konstantynopolitańczykiewiczówna");
    expect(await listed.innerText()).toContain("Koloryzacja i strzyżenie damskie");
    await page.goto(`/bookings?view=calendar&span=month&date=${day}`);
    await page.locator(`[data-calendar=list] [data-booking="${bookingId}"]`).waitFor();
    await eventOf(page, bookingId).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Maria Konstantynopolitańczykiewiczówna" }).waitFor();
    await page.context().close();
  });

  it("says so when the booking in the address no longer exists", async () => {
    const page = await newPage();
    await signUp(page, "/bookings?view=calendar&booking=00000000-0000-4000-8000-000000000000");
    await page.getByRole("dialog").getByText("This booking no longer exists", { exact: false }).waitFor();
    await page.context().close();
  });

  it("shows no untranslated string of the calendar or its panel in pl, fr, de, es and nl", async () => {
    const { readUntranslated, visibleTexts } = await import("../support/i18n-check");
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    const { serviceId, key } = await openSalon(page);
    const call = callReport({ outcome: "booked", callerName: "Grace Hopper" });
    const { slot, bookingId } = await bookDuringCall(page, key, serviceId, call);
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
