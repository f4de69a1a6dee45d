import type { Booking } from "@shared/booking.schema";
import type { Locator, Page, Route } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { bookDuringCall, createBooking, setBookingStatus } from "../support/bookings";
import {
  browserForFile,
  callReport,
  createAssistantKey,
  createService,
  fakeRecordingHost,
  openedDialog,
  signUp,
  staffAuthorization,
  toast,
} from "../support/browser";

const { newPage } = browserForFile();

// A new business keeps spec 9's defaults: New York, Monday to Friday, 09:00–17:00.
const TIME_ZONE = "America/New_York";
const DAY_MS = 24 * 60 * 60 * 1000;

type Staff = { page: Page; authorization: string };

async function staffOf(page: Page): Promise<Staff> {
  return { page, authorization: await staffAuthorization(page) };
}

async function api<T>(staff: Staff, method: "GET" | "POST" | "PUT", path: string, data?: unknown) {
  const response = await staff.page.request.fetch(path, {
    method,
    headers: { Authorization: staff.authorization, Origin: inject("baseURL") },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { success: boolean; data?: T };
  if (!response.ok() || body.data === undefined)
    throw new Error(`${method} ${path}: ${response.status()} ${JSON.stringify(body)}`);
  return body.data;
}

let phoneCounter = 0;
/** A staff booking at `start` (any hour: staff confirm times outside the opening hours). */
function addBooking(staff: Staff, serviceId: string, start: Date, customerName: string) {
  phoneCounter++;
  return createBooking(staff.page, {
    serviceId,
    startTime: start.toISOString(),
    customerName,
    customerPhone: `+1555${String(2_000_000 + phoneCounter).slice(-7)}`,
  });
}

/** Someone else's change, sent without If-Match (it applies to whatever version is current). */
const changeStatus = (staff: Staff, id: string, status: Booking["status"]) =>
  setBookingStatus(staff.page, id, status);

/** Free starts of the service over the coming week (the server's slot rule: hours, notice, bookings). */
async function freeStarts(staff: Staff, serviceId: string): Promise<string[]> {
  const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
  const slots = await api<{ start: string }[]>(
    staff,
    "GET",
    `/api/availability/slots?serviceId=${serviceId}&from=${day(2)}&to=${day(9)}`,
  );
  return slots.map((slot) => slot.start);
}

/** Midnight UTC `days` from now, plus `hours`: far from New York's opening hours when hours are small. */
const startAt = (days: number, hours: number) =>
  new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS + hours * 60 * 60 * 1000);

const rowOf = (page: Page, customer: string) =>
  page.locator("main [data-booking]").filter({ has: page.getByText(customer, { exact: true }) });

/** The booking row the focused element is in, and whether it is that row's own link. */
const focusedRow = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return {
      booking: active?.closest("main [data-booking]")?.getAttribute("data-booking") ?? null,
      isRowLink: active?.getAttribute("data-part") === "open",
    };
  });

const cellTexts = async (row: Locator) =>
  (await row.getByRole("cell").allInnerTexts()).map((text) => text.replace(/\n+/g, "\n").trim());

const zoned = (iso: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, hourCycle: "h23", ...options }).format(
    new Date(iso),
  );

async function signedUpWithService(page: Page) {
  await signUp(page);
  const staff = await staffOf(page);
  const serviceId = await createService(page, { name: "Haircut", duration: 30, price: 40, isActive: true });
  return { staff, serviceId };
}

describe("Bookings", () => {
  it("lists bookings per spec 2 and runs each action with its toast", async () => {
    const page = await newPage();
    const { staff, serviceId } = await signedUpWithService(page);
    const ada = await addBooking(staff, serviceId, startAt(3, 4), "Ada Lovelace");
    await addBooking(staff, serviceId, startAt(4, 4), "Grace Hopper");

    await page.goto("/bookings");
    await page.getByRole("heading", { level: 1, name: "Bookings" }).waitFor();
    const row = rowOf(page, "Ada Lovelace");
    await row.waitFor();
    // The customer's own name and phone; whenBooked is the booking's creation; the appointment its start.
    const day = `${zoned(ada.startTime, { month: "short" })} ${zoned(ada.startTime, { day: "numeric" })}, ${zoned(ada.startTime, { year: "numeric" })}`;
    const time = (iso: string) => zoned(iso, { hour: "2-digit", minute: "2-digit" });
    const booked = `${zoned(ada.createdAt, { month: "short" })} ${zoned(ada.createdAt, { day: "numeric" })}, ${time(ada.createdAt)}`;
    const cells = await cellTexts(row);
    expect(cells.slice(0, 5)).toEqual([
      `Ada Lovelace\n${ada.customerPhone}`,
      "Haircut",
      booked,
      `${day}\n${time(ada.startTime)}-${time(ada.endTime)}`,
      "pending",
    ]);
    // No pagination for two bookings; the sidebar counts both as waiting.
    expect(await page.getByRole("navigation", { name: "Pagination" }).count()).toBe(0);
    await page.getByRole("link", { name: "Bookings 2 pending" }).first().waitFor();

    // Pending offers Confirm, Reschedule, Cancel (the booking-status machine), not Complete.
    expect(
      await row
        .locator("[data-action]")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-action"))),
    ).toEqual(["confirm", "reschedule", "cancel"]);
    await row.getByRole("button", { name: /^Confirm/ }).click();
    await toast(page, "Booking updated successfully").waitFor();
    await page.locator('main [data-status="confirmed"]').filter({ hasText: "Ada Lovelace" }).waitFor();
    await page.getByRole("link", { name: "Bookings 1 pending" }).first().waitFor();
    expect(
      await row
        .locator("[data-action]")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-action"))),
    ).toEqual(["reschedule", "cancel"]);
    // Confirmed but days ahead: no Complete until the appointment has started.

    // Cancel asks first; backing out changes nothing.
    const grace = rowOf(page, "Grace Hopper");
    await grace.getByRole("button", { name: /^Cancel/ }).click();
    const question = page.getByRole("alertdialog", { name: "Cancel the booking of Grace Hopper?" });
    await question.waitFor();
    // The way back says what it does, not a second "Cancel" beside "Cancel booking".
    expect(await question.getByRole("button").allTextContents()).toEqual(["Keep booking", "Cancel booking"]);
    await question.getByRole("button", { name: "Keep booking" }).click();
    await question.waitFor({ state: "detached" });
    expect(await grace.getAttribute("data-status")).toBe("pending");
    await grace.getByRole("button", { name: /^Cancel/ }).click();
    await question.getByRole("button", { name: "Cancel booking" }).click();
    await page.locator('main [data-status="cancelled"]').filter({ hasText: "Grace Hopper" }).waitFor();
    expect(await toast(page, "Booking updated successfully").count()).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Bookings", exact: true }).first().waitFor();

    // An appointment under way (it started ten minutes ago, so it is listed under past) offers Complete.
    const started = await addBooking(
      staff,
      serviceId,
      new Date(Date.now() - 10 * 60_000),
      "Katherine Johnson",
    );
    await changeStatus(staff, started._id, "confirmed");
    await page.goto("/bookings?scope=past");
    const katherine = rowOf(page, "Katherine Johnson");
    await katherine.waitFor();
    expect(
      await katherine
        .locator("[data-action]")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-action"))),
    ).toEqual(["complete", "reschedule", "cancel"]);
    await katherine.getByRole("button", { name: /^Complete/ }).click();
    await page.locator('main [data-status="completed"]').filter({ hasText: "Katherine Johnson" }).waitFor();
    expect(await katherine.locator("[data-action]").count()).toBe(0);
    await page.context().close();
  });

  it("names the start when the server refuses a Complete because the appointment has not started", async () => {
    const page = await newPage();
    const { staff, serviceId } = await signedUpWithService(page);
    const booking = await addBooking(staff, serviceId, startAt(3, 15), "Mae Jemison");
    await changeStatus(staff, booking._id, "confirmed");
    // The device's clock reads ten minutes past the start, three days ahead of the server's.
    await page.clock.install({ time: new Date(Date.parse(booking.startTime) + 10 * 60_000) });
    await page.goto("/bookings");
    const row = rowOf(page, "Mae Jemison");
    await row.getByRole("button", { name: /^Complete/ }).click();
    const start = zoned(booking.startTime, {
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    });
    await page
      .locator("[data-scope=toast]")
      .getByText(`This appointment starts ${start}: it can be completed once it has started.`)
      .waitFor();
    expect(await row.getAttribute("data-status")).toBe("confirmed");
    await page.context().close();
  });

  it("opens a row's booking panel over the list by mouse and keyboard, and keeps focus on the row", async () => {
    const page = await newPage();
    const { staff, serviceId } = await signedUpWithService(page);
    const key = await createAssistantKey(page);
    const recordingUrl = "https://recordings.example.test/booked.wav";
    await fakeRecordingHost(page, "recordings.example.test", [recordingUrl]);
    const call = callReport({
      outcome: "booked",
      callerName: "Grace Hopper",
      recordingUrl,
      durationSeconds: 6,
    });
    const { callId, bookingId } = await bookDuringCall(page, key, serviceId, call);
    await addBooking(staff, serviceId, startAt(5, 4), "Mary Jackson");

    await page.goto("/bookings?scope=all");
    const row = rowOf(page, "Grace Hopper");
    await row.waitFor();
    // By mouse, anywhere on the row (here its service cell, not the name): the panel of that booking.
    const serviceCell = await row.getByRole("cell").nth(1).boundingBox();
    if (!serviceCell) throw new Error("the row's service cell is not on screen");
    await page.mouse.click(serviceCell.x + serviceCell.width / 2, serviceCell.y + serviceCell.height / 2);
    const panel = page.getByRole("dialog", { name: "Grace Hopper" });
    await panel.waitFor();
    // In the URL beside the list's own parameters; the list stays behind it.
    await page.waitForURL((url) => url.searchParams.get("booking") === bookingId);
    expect(new URL(page.url()).searchParams.get("scope")).toBe("all");
    // Its details, the call it came from with the recording, its timeline and actions.
    await panel.getByText("Haircut").waitFor();
    await panel.getByText("Prefers the window seat").waitFor();
    expect(await panel.getByRole("link", { name: /Open the call/ }).getAttribute("href")).toBe(
      `/calls/${callId}`,
    );
    await panel.getByRole("button", { name: "Play recording" }).waitFor();
    await panel.locator("[data-event=create]").waitFor();
    await panel.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Booking updated successfully").waitFor();
    await panel.locator("[data-event=confirm]").waitFor();
    // Escape closes it; the list behind followed the change; focus is back on the row.
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("booking")).toBeNull();
    expect(new URL(page.url()).searchParams.get("scope")).toBe("all");
    await page.locator(`main [data-booking="${bookingId}"][data-status=confirmed]`).waitFor();
    // Focus comes back once the drawer has finished closing (its exit animation keeps it in the page a moment).
    await expect.poll(() => focusedRow(page)).toEqual({ booking: bookingId, isRowLink: true });

    // By keyboard: Tab reaches the row's link, Enter opens the panel, its close button gives focus back.
    const mary = rowOf(page, "Mary Jackson");
    await page.getByLabel("Dates").focus();
    for (let presses = 0; presses < 20; presses++) {
      await page.keyboard.press("Tab");
      if ((await mary.locator("[data-part=open]:focus").count()) > 0) break;
    }
    expect(await mary.locator("[data-part=open]:focus").count()).toBe(1);
    await page.keyboard.press("Enter");
    const maryPanel = page.getByRole("dialog", { name: "Mary Jackson" });
    await maryPanel.locator("[data-event=create]").waitFor();
    await maryPanel.getByText("Not made during a call.").waitFor();
    await maryPanel.getByRole("button", { name: "Close booking details" }).focus();
    await page.keyboard.press("Enter");
    await maryPanel.waitFor({ state: "detached" });
    const maryId = await mary.getAttribute("data-booking");
    // As above: focus comes back once the drawer has finished closing.
    await expect.poll(() => focusedRow(page)).toEqual({ booking: maryId, isRowLink: true });

    // An action whose button goes away (Confirm becomes Complete) leaves focus in its row, not on the page.
    await mary.getByRole("button", { name: /^Confirm/ }).focus();
    await page.keyboard.press("Enter");
    await page.locator(`main [data-booking="${maryId}"][data-status=confirmed]`).waitFor();
    await page.waitForFunction(() => document.activeElement !== document.body);
    expect(await focusedRow(page)).toEqual({ booking: maryId, isRowLink: true });
    // So does a cancel, whose question closes after the row has lost every action.
    await mary.getByRole("button", { name: /^Cancel/ }).focus();
    await page.keyboard.press("Enter");
    const question = page.getByRole("alertdialog", { name: "Cancel the booking of Mary Jackson?" });
    await question.getByRole("button", { name: "Cancel booking" }).click();
    await question.waitFor({ state: "detached" });
    await page.locator(`main [data-booking="${maryId}"][data-status=cancelled]`).waitFor();
    await page.waitForFunction(() => document.activeElement !== document.body);
    expect(await focusedRow(page)).toEqual({ booking: maryId, isRowLink: true });
    await page.context().close();
  });

  it("reschedules by mouse onto a free slot, explains a taken time, and by keyboard", async () => {
    const page = await newPage();
    const { staff, serviceId } = await signedUpWithService(page);
    const [first, second] = await freeStarts(staff, serviceId);
    if (!first || !second) throw new Error("no free slots in the coming week");
    const moving = await addBooking(staff, serviceId, startAt(2, 3), "Alan Turing");
    // Someone already holds the second free start: choosing it is refused.
    await addBooking(staff, serviceId, new Date(second), "Blocker Person");

    await page.goto("/bookings");
    const row = rowOf(page, "Alan Turing");
    await row.getByRole("button", { name: /^Reschedule/ }).click();
    const dialog = page.getByRole("dialog", { name: "Reschedule Booking" });
    await dialog.waitFor();
    // Spec 5: disabled until a day is chosen; the time input steps in 10 minutes and starts at the booking's.
    expect(await dialog.getByRole("button", { name: "Reschedule", exact: true }).isDisabled()).toBe(true);
    const timeInput = dialog.getByLabel("New time");
    expect(await timeInput.getAttribute("step")).toBe("600");
    expect(await timeInput.inputValue()).toBe(
      zoned(moving.startTime, { hour: "2-digit", minute: "2-digit" }),
    );

    // The calendar: yesterday cannot be chosen; the second free start's day can.
    await dialog.getByRole("button", { name: "Open calendar: New date" }).click();
    const targetDay = zoned(second, { year: "numeric", month: "2-digit", day: "2-digit" }).replace(
      /(\d\d)\/(\d\d)\/(\d{4})/,
      "$3-$1-$2",
    );
    const cell = (value: string) =>
      page.locator(`[data-part=table-cell-trigger][data-value="${value}"]`).first();
    const today = zoned(new Date().toISOString(), {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).replace(/(\d\d)\/(\d\d)\/(\d{4})/, "$3-$1-$2");
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    if ((await cell(yesterday).count()) > 0)
      expect(await cell(yesterday).getAttribute("data-disabled")).not.toBeNull();
    if ((await cell(targetDay).count()) === 0) await page.getByRole("button", { name: "Next month" }).click();
    await cell(targetDay).click();
    // A new day keeps the time of day; the day's free slots are offered.
    expect(await timeInput.inputValue()).toBe(
      zoned(moving.startTime, { hour: "2-digit", minute: "2-digit" }),
    );
    const secondLabel = zoned(second, { hour: "2-digit", minute: "2-digit" });
    await timeInput.fill(secondLabel);
    await dialog.getByRole("button", { name: "Reschedule", exact: true }).click();
    // The taken time is explained in the dialog, and what was chosen stays.
    await dialog.getByText("That time is no longer free. Choose another time.").waitFor();
    await toast(page, "Failed to update booking").waitFor();
    expect(await timeInput.inputValue()).toBe(secondLabel);

    // The next free starts that day are offered in the explanation: one click takes one.
    const suggestion = dialog.getByRole("alert").getByRole("button").first();
    const suggested = (await suggestion.innerText()).trim();
    await suggestion.click();
    expect(await timeInput.inputValue()).toBe(suggested);
    expect(await dialog.getByRole("alert").count()).toBe(0);
    const chosen = await timeInput.inputValue();
    await dialog.getByRole("button", { name: "Reschedule", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await toast(page, "Booking updated successfully").waitFor();
    // Back to pending at the new time, the duration kept.
    await row.filter({ hasText: chosen }).waitFor();
    expect(await row.getAttribute("data-status")).toBe("pending");

    // By keyboard: the row's button, the date typed, a free slot, then Reschedule.
    await row.getByRole("button", { name: /^Reschedule/ }).focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    const dateInput = dialog.getByRole("textbox", { name: "New date" });
    await dateInput.focus();
    const [y, m, d] = targetDay.split("-");
    await page.keyboard.type(`${m}/${d}/${y}`);
    await page.keyboard.press("Enter");
    const slot = dialog.getByRole("button", { name: /^\d\d:\d\d$/ }).last();
    await slot.waitFor();
    const slotLabel = (await slot.innerText()).trim();
    await slot.focus();
    await page.keyboard.press("Space");
    expect(await timeInput.inputValue()).toBe(slotLabel);
    await dialog.getByRole("button", { name: "Reschedule", exact: true }).focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await row.filter({ hasText: slotLabel }).waitFor();
    // Escape closes without a change.
    await row.getByRole("button", { name: /^Reschedule/ }).focus();
    await page.keyboard.press("Enter");
    // Escape reaches the dialog once it holds the focus, a frame after it shows.
    await openedDialog(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("reschedule offers the booking's own neighbourhood of free times", async () => {
    const page = await newPage();
    const { staff, serviceId } = await signedUpWithService(page);
    // A free start with free time around it: the 30-minute booking there and its quarter-hour neighbours.
    const starts = await freeStarts(staff, serviceId);
    const quarter = 15 * 60_000;
    const isFree = (ms: number) => starts.some((start) => Date.parse(start) === ms);
    const at = starts.find(
      (start) => isFree(Date.parse(start) - quarter) && isFree(Date.parse(start) + quarter),
    );
    if (!at) throw new Error("no free start with free quarter hours around it in the coming week");
    const booking = await addBooking(staff, serviceId, new Date(at), "Dorothy Vaughan");
    const label = (ms: number) => zoned(new Date(ms).toISOString(), { hour: "2-digit", minute: "2-digit" });
    const own = Date.parse(booking.startTime);

    await page.goto("/bookings");
    const row = rowOf(page, "Dorothy Vaughan");
    await row.getByRole("button", { name: /^Reschedule/ }).click();
    const dialog = page.getByRole("dialog", { name: "Reschedule Booking" });
    await dialog.waitFor();
    const day = zoned(booking.startTime, { year: "numeric", month: "2-digit", day: "2-digit" });
    await dialog.getByRole("textbox", { name: "New date" }).focus();
    await page.keyboard.type(day);
    await page.keyboard.press("Enter");
    await dialog.getByText(/^Free times on/).waitFor();
    const choice = (ms: number) => dialog.getByRole("button", { name: label(ms), exact: true });
    await choice(own).waitFor();
    // Its own time, and the quarter hours before and after that overlap it, as a move would accept them.
    expect(await choice(own - quarter).count()).toBe(1);
    expect(await choice(own + quarter).count()).toBe(1);
    await choice(own + quarter).click();
    await dialog.getByRole("button", { name: "Reschedule", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await row.filter({ hasText: label(own + quarter) }).waitFor();
    await page.context().close();
  });

  it("no longer offers a free time the server refused as taken", async () => {
    const page = await newPage();
    const { staff, serviceId } = await signedUpWithService(page);
    const [first] = await freeStarts(staff, serviceId);
    if (!first) throw new Error("no free slots in the coming week");
    await addBooking(staff, serviceId, startAt(2, 3), "Mary Jackson");
    const label = zoned(first, { hour: "2-digit", minute: "2-digit" });

    await page.goto("/bookings");
    await rowOf(page, "Mary Jackson")
      .getByRole("button", { name: /^Reschedule/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Reschedule Booking" });
    await dialog.waitFor();
    await dialog.getByRole("textbox", { name: "New date" }).focus();
    await page.keyboard.type(zoned(first, { year: "numeric", month: "2-digit", day: "2-digit" }));
    await page.keyboard.press("Enter");
    const offered = dialog.getByRole("button", { name: label, exact: true });
    await offered.waitFor();
    // Taken meanwhile (the assistant, another screen): chosen from the list, it is refused.
    await addBooking(staff, serviceId, new Date(first), "Blocker Person");
    await offered.click();
    await dialog.getByRole("button", { name: "Reschedule", exact: true }).click();
    await dialog.getByText("That time is no longer free. Choose another time.").waitFor();
    // The day's free times are asked again: the refused one is not offered any more.
    await expect.poll(() => offered.count()).toBe(0);
    await dialog.getByText(/^Free times on/).waitFor();
    await page.context().close();
  });

  it("reschedules after a refusal as changed by someone else, saying what changed", async () => {
    const page = await newPage();
    const { staff, serviceId } = await signedUpWithService(page);
    const booking = await addBooking(staff, serviceId, startAt(2, 15), "Annie Easley");
    const [first] = await freeStarts(staff, serviceId);
    if (!first) throw new Error("no free slots in the coming week");
    const label = zoned(first, { hour: "2-digit", minute: "2-digit" });

    await page.goto("/bookings");
    const row = rowOf(page, "Annie Easley");
    await row.getByRole("button", { name: /^Reschedule/ }).click();
    const dialog = page.getByRole("dialog", { name: "Reschedule Booking" });
    await dialog.waitFor();
    await dialog.getByRole("textbox", { name: "New date" }).focus();
    await page.keyboard.type(zoned(first, { year: "numeric", month: "2-digit", day: "2-digit" }));
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: label, exact: true }).click();
    // Someone else moves it meanwhile: the dialog still holds the version it opened with.
    const elsewhere = startAt(2, 3).toISOString();
    await api(staff, "PUT", `/api/bookings/${booking._id}`, {
      status: "pending",
      startTime: elsewhere,
      outsideHours: true,
    });
    const reschedule = dialog.getByRole("button", { name: "Reschedule", exact: true });
    await reschedule.click();
    const alert = dialog.getByRole("alert");
    await alert
      .getByText("This booking was changed by someone else. It has been reloaded; check it and try again.")
      .waitFor();
    const when = (iso: string) =>
      zoned(iso, { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
    await alert
      .getByText(`It now starts ${when(elsewhere)} instead of ${when(booking.startTime)}.`)
      .waitFor();
    // The chosen time stays, and the next try names the version reloaded: it goes through.
    expect(await dialog.getByLabel("New time").inputValue()).toBe(label);
    await reschedule.click();
    await dialog.waitFor({ state: "detached" });
    await toast(page, "Booking updated successfully").waitFor();
    await row.filter({ hasText: label }).waitFor();
    await page.context().close();
  });

  it("refuses to reschedule until the business's timezone is known, rather than on the device's clock", async () => {
    const page = await newPage();
    const { staff, serviceId } = await signedUpWithService(page);
    await addBooking(staff, serviceId, startAt(3, 15), "Evelyn Boyd");
    // GET /api/availability, which names the timezone, fails: down for longer than the retries wait.
    const down = (route: Route) =>
      route.fulfill({
        status: 503,
        headers: { "Retry-After": "120" },
        json: { success: false, error: { code: "UNAVAILABLE", message: "down" } },
      });
    await page.route("**/api/availability", down);

    await page.goto("/bookings");
    await rowOf(page, "Evelyn Boyd")
      .getByRole("button", { name: /^Reschedule/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Reschedule Booking" });
    await dialog.getByText("The business's time zone could not be loaded").waitFor();
    await dialog
      .getByText(
        "A new time is chosen on the business's clock; until it is known, this booking cannot be rescheduled.",
      )
      .waitFor();
    // No day or time can be chosen, nor anything sent.
    expect(await dialog.getByLabel("New time").count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Reschedule", exact: true }).count()).toBe(0);

    // Reachable again: "Try again" reads it, and the dialog offers the move on the business's clock.
    await page.unroute("**/api/availability", down);
    await dialog.getByRole("button", { name: "Try again" }).click();
    await dialog.getByLabel("New time").waitFor();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("asks before rescheduling outside the opening hours, and 'Reschedule anyway' moves it", async () => {
    const page = await newPage();
    const { staff, serviceId } = await signedUpWithService(page);
    const moving = await addBooking(staff, serviceId, startAt(2, 15), "Ada Lovelace");
    // A weekday a few days ahead on New York's clock: open 09:00–17:00, so 22:00 is outside the hours.
    const weekday = [3, 4, 5, 6, 7]
      .map((days) => new Date(Date.now() + days * DAY_MS).toISOString())
      .find((iso) => !["Sat", "Sun"].includes(zoned(iso, { weekday: "short" })));
    if (!weekday) throw new Error("no weekday in the coming week");
    const [m, d, y] = zoned(weekday, { year: "numeric", month: "2-digit", day: "2-digit" }).split("/");

    await page.goto("/bookings");
    const row = rowOf(page, "Ada Lovelace");
    await row.getByRole("button", { name: /^Reschedule/ }).click();
    const dialog = page.getByRole("dialog", { name: "Reschedule Booking" });
    await dialog.getByRole("button", { name: "Open calendar: New date" }).waitFor();
    await dialog.getByRole("textbox", { name: "New date" }).focus();
    await page.keyboard.type(`${m}/${d}/${y}`);
    await page.keyboard.press("Enter");
    const timeInput = dialog.getByLabel("New time");
    await timeInput.fill("22:00");
    await dialog.getByRole("button", { name: "Reschedule", exact: true }).click();

    // The question, with focus on it, the chosen time kept and that day's free times offered instead.
    const question = dialog.getByRole("region", { name: "Outside the opening hours" });
    await question.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-part") === "outside-hours");
    expect(await question.innerText()).toContain("22:00");
    expect(await timeInput.inputValue()).toBe("22:00");
    expect(await question.getByRole("button", { name: /^\d\d:\d\d$/ }).count()).toBeGreaterThan(0);
    // Only the answer moves it on: the plain Reschedule would be refused the same way.
    expect(await dialog.getByRole("button", { name: "Reschedule", exact: true }).isDisabled()).toBe(true);

    await question.getByRole("button", { name: "Reschedule anyway" }).click();
    await dialog.waitFor({ state: "detached" });
    await toast(page, "Booking updated successfully").waitFor();
    await row.filter({ hasText: "22:00" }).waitFor();
    expect(await row.getAttribute("data-status")).toBe("pending");
    const moved = await api<Booking>(staff, "GET", `/api/bookings/${moving._id}`);
    expect(zoned(moved.startTime, { year: "numeric", month: "2-digit", day: "2-digit" })).toBe(
      `${m}/${d}/${y}`,
    );
    expect(zoned(moved.startTime, { hour: "2-digit", minute: "2-digit" })).toBe("22:00");
    await page.context().close();
  });

  it("filters by status on the server across pages, with page, filter and scope in the URL", async () => {
    const page = await newPage();
    const { staff, serviceId } = await signedUpWithService(page);
    for (let index = 0; index < 24; index++) {
      const booking = await addBooking(
        staff,
        serviceId,
        startAt(2 + Math.floor(index / 4), index % 4),
        `Customer ${index + 1}`,
      );
      if (index % 2 === 0) await changeStatus(staff, booking._id, "confirmed");
    }
    await page.goto("/bookings");
    const showing = page.locator("[data-part=showing]");
    await showing.getByText("Showing 1-10 of 24 bookings").waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await showing.getByText("Showing 11-20 of 24 bookings").waitFor();
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");

    // The filter goes back to page 1 and counts every page's bookings, not only the shown ones.
    await page.getByLabel("Status").selectOption("confirmed");
    await showing.getByText("Showing 1-10 of 12 bookings").waitFor();
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    expect(new URL(page.url()).searchParams.get("status")).toBe("confirmed");
    await page.getByRole("button", { name: "Next" }).click();
    await showing.getByText("Showing 11-12 of 12 bookings").waitFor();
    // The rows follow the count a moment later (they render deferred).
    await expect
      .poll(() =>
        page
          .locator("main [data-booking]")
          .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-status"))),
      )
      .toEqual(["confirmed", "confirmed"]);

    // A reload keeps it; past bookings are none yet.
    await page.reload();
    await showing.getByText("Showing 11-12 of 12 bookings").waitFor();
    await page.getByLabel("Dates").selectOption("past");
    await page.getByText("No bookings found").waitFor();
    expect(new URL(page.url()).searchParams.get("scope")).toBe("past");
    await page.context().close();
  });

  it("keeps focus in a filtered list when an action takes the row out of it", async () => {
    const page = await newPage();
    const { staff, serviceId } = await signedUpWithService(page);
    await addBooking(staff, serviceId, startAt(3, 4), "Ada Lovelace");
    const second = await addBooking(staff, serviceId, startAt(4, 4), "Grace Hopper");
    await addBooking(staff, serviceId, startAt(5, 4), "Mary Jackson");

    await page.goto("/bookings?status=pending");
    await rowOf(page, "Mary Jackson").waitFor();
    /** The focused element's booking row and action (it settles a frame after the list changes). */
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return {
          booking: active?.closest("main [data-booking]")?.getAttribute("data-booking") ?? null,
          action: active?.getAttribute("data-action") ?? active?.tagName ?? null,
        };
      });

    // Confirmed, Ada is no longer pending: focus goes to the next row's Confirm.
    await rowOf(page, "Ada Lovelace")
      .getByRole("button", { name: /^Confirm/ })
      .focus();
    await page.keyboard.press("Enter");
    await expect.poll(focused).toEqual({ booking: second._id, action: "confirm" });
    expect(await rowOf(page, "Ada Lovelace").count()).toBe(0);

    // Mary, the last row, cancelled by keyboard: to the row before hers, the same action.
    await rowOf(page, "Mary Jackson")
      .getByRole("button", { name: /^Cancel/ })
      .focus();
    await page.keyboard.press("Enter");
    const question = page.getByRole("alertdialog", { name: "Cancel the booking of Mary Jackson?" });
    await question.getByRole("button", { name: "Cancel booking" }).focus();
    await page.keyboard.press("Enter");
    await question.waitFor({ state: "detached" });
    await expect.poll(focused).toEqual({ booking: second._id, action: "cancel" });
    expect(await rowOf(page, "Mary Jackson").count()).toBe(0);

    // The last one confirmed: the list is empty, and focus is on its heading.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    expect(await focused()).toEqual({ booking: second._id, action: "confirm" });
    await page.keyboard.press("Enter");
    await page.getByText("No bookings found").waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? null))
      .toBe("Appointments");
    await page.context().close();
  });

  it("reloads a booking changed behind the page's back, and shows the assistant's new booking without a reload", async () => {
    const page = await newPage();
    await page.clock.install();
    const { staff, serviceId } = await signedUpWithService(page);
    const booking = await addBooking(staff, serviceId, startAt(3, 2), "Katherine Johnson");
    await page.goto("/bookings");
    const row = rowOf(page, "Katherine Johnson");
    await row.waitFor();
    expect(await row.getAttribute("data-version")).toBe(String(booking.version));

    // Someone else cancels it; this page still offers Confirm on the old version.
    await changeStatus(staff, booking._id, "cancelled");
    await row.getByRole("button", { name: /^Confirm/ }).click();
    await toast(page, "Failed to update booking").waitFor();
    await page
      .locator("[data-scope=toast]")
      .getByText("This booking was changed by someone else. It has been reloaded; check it and try again.")
      .waitFor();
    await page.locator('main [data-status="cancelled"]').filter({ hasText: "Katherine Johnson" }).waitFor();

    // The assistant books a caller into a free slot: the row appears on its own.
    const [free] = await freeStarts(staff, serviceId);
    if (!free) throw new Error("no free slot");
    const key = await createAssistantKey(page);
    const response = await fetch(`${inject("baseURL")}/api/assistant/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Api-Key": key },
      body: JSON.stringify({
        externalId: `e2e-${Date.now()}`,
        serviceId,
        startTime: free,
        customerName: "Caller From Assistant",
        customerPhone: "+15550009999",
      }),
    });
    expect(response.status).toBe(201);
    // The list's 20 s refresh comes round.
    await page.clock.fastForward(20_000);
    await rowOf(page, "Caller From Assistant").waitFor();
    await page.getByRole("link", { name: "Bookings 1 pending" }).first().waitFor();
    await page.context().close();
  });
});
