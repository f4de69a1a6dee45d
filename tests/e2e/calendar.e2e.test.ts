import { AUTHORIZATION_TIMEOUT_MS, CLOSED_GRACE_MS, POPUP_POLL_MS } from "@machines/calendar-connect.machine";
import type { CalendarStatus } from "@shared/calendar.schema";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextWeek, previewTimes } from "../support/availability-preview";
import { createBooking, firstFreeSlot } from "../support/bookings";
import {
  browserForFile,
  countRequests,
  createService,
  expectNoAxeViolations,
  pressTwice,
  signUp,
  staffApi,
  toast,
} from "../support/browser";
import { type FakeGoogleCalendar, startFakeGoogleCalendar } from "../support/fake-google-calendar";
import { FAKE_GOOGLE_EMAIL, type FakeGoogleOAuth, startFakeGoogleOAuth } from "../support/fake-google-oauth";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { sidewaysOverflow } from "../support/sideways-overflow";

const { newPage } = browserForFile();

// The file's own server, with an OAuth client pointed at the fake Google; the shared one has none (the card then
// says what to configure).
let google: FakeGoogleOAuth;
let calendar: FakeGoogleCalendar;
let server: ServerProcess;
beforeAll(async () => {
  google = await startFakeGoogleOAuth();
  calendar = await startFakeGoogleCalendar();
  server = await startServerProcess({
    ...google.env,
    GOOGLE_CALENDAR_API_BASE_URL: calendar.url,
    SEED_DEMO: "false",
  });
});
afterAll(async () => {
  await server?.stop();
  await calendar?.close();
  await google?.close();
});

const withGoogle = (options: Parameters<typeof newPage>[0] = {}) =>
  newPage({ baseURL: server.baseURL, ...options });

const card = (page: Page) => page.getByRole("region", { name: "Google Calendar" });
const connectButton = (page: Page) => card(page).getByRole("button", { name: "Connect Google Calendar" });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

/** Resolves once the popup has closed, also when it did before this was asked (the fake Google is quick). */
const closedPopup = async (popup: Page) => {
  if (!popup.isClosed()) await popup.waitForEvent("close");
};

/** The consent page stays open (the fake Google answers it at once otherwise): the user has not decided yet. */
async function userStillDeciding(page: Page) {
  await page.context().route(`${google.url}/o/oauth2/v2/auth**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Sign in</title><p>Consent</p>",
    }),
  );
}

/** Clicks Connect and answers the popup it opened, once that shows Google's consent page. */
async function openPopup(page: Page) {
  const opened = page.waitForEvent("popup");
  await connectButton(page).click();
  const popup = await opened;
  await popup.waitForURL(`${google.url}/**`);
  return popup;
}

/** New York's offset on that day ("-05:00"), for a time written as Google's API takes it. */
const newYorkOffset = (day: string) =>
  new Intl.DateTimeFormat("en", { timeZone: "America/New_York", timeZoneName: "longOffset" })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === "timeZoneName")!
    .value.replace("GMT", "");

/** Connects from Settings; the fake Google consents at once, so the popup comes back and closes by itself. */
async function connectAtOnce(page: Page) {
  await page.goto("/settings");
  const opened = page.waitForEvent("popup");
  await connectButton(page).click();
  await closedPopup(await opened);
  await card(page).getByText(FAKE_GOOGLE_EMAIL, { exact: true }).waitFor();
}

describe("bookings whose events the owner changed in Google Calendar", () => {
  it("stand, and their panels say so, after Resync now: one deleted there, one moved out of the opening hours", async () => {
    const page = await withGoogle({ viewport: { width: 1280, height: 900 } });
    await signUp(page);
    const serviceId = await createService(page, { name: "Check-up", duration: 30, price: 0, isActive: true });
    await connectAtOnce(page);
    const slot = await firstFreeSlot(page, serviceId);
    const book = (startTime: string, customerName: string) =>
      createBooking(page, { serviceId, startTime, customerName, customerPhone: "+15550001111" });
    const deleted = await book(slot.start, "Ada Lovelace");
    const moved = await book(new Date(Date.parse(slot.start) + 60 * 60_000).toISOString(), "Grace Hopper");
    // The bookings reach the calendar on their own (the outbox); then the owner changes their events there.
    const eventOf = (bookingId: string) =>
      calendar
        .live("primary")
        .find((event) => event.extendedProperties?.private?.calldeskBookingId === bookingId);
    await expect.poll(() => eventOf(deleted._id) && eventOf(moved._id), { timeout: 15_000 }).toBeDefined();
    calendar.deleteEvent("primary", eventOf(deleted._id)!.id);
    // To three at night, New York time (the business's zone): outside the opening hours.
    const day = slot.start.slice(0, 10);
    const night = `${day}T03:00:00${newYorkOffset(day)}`;
    calendar.editEvent("primary", eventOf(moved._id)!.id, {
      start: { dateTime: night },
      end: { dateTime: `${day}T03:30:00${newYorkOffset(day)}` },
    });
    // Pressed twice, it resyncs once.
    const resyncs = countRequests(page, "POST", "/api/calendar/resync");
    await pressTwice(card(page).getByRole("button", { name: "Resync now" }));
    await toast(page, "Synced with Google Calendar.").waitFor();
    expect(resyncs()).toBe(1);

    await page.goto(`/bookings?booking=${deleted._id}`);
    await page.getByText("Deleted in Google Calendar", { exact: true }).waitFor();
    expect((await staffApi<{ status: string }>(page, "GET", `/api/bookings/${deleted._id}`)).status).toBe(
      "pending",
    );

    // Both wait on staff's decision above the bookings; the reason in the user's words (the refusal's code),
    // with the time it was moved to, in the panel its line opens.
    await page.goto("/bookings");
    await page.getByText("2 bookings were changed in Google Calendar and need your decision").waitFor();
    expect(
      await page.locator("[data-review]").evaluateAll((items) => items.map((li) => li.textContent)),
    ).toEqual([
      expect.stringMatching(/^Ada Lovelace, .* \(deleted in Google Calendar\)$/),
      expect.stringMatching(/^Grace Hopper, .* \(moved in Google Calendar, not taken\)$/),
    ]);
    await expectNoAxeViolations(page);
    await page.locator(`[data-review="${moved._id}"] a`).click();
    const panel = page.getByRole("dialog");
    await panel.getByText("A move in Google Calendar was not taken", { exact: true }).waitFor();
    expect(await panel.innerText()).toMatch(
      /It was moved to .*03:00 there\. The booking keeps its time here: That time is outside the opening hours\./,
    );
    expect((await staffApi<{ startTime: string }>(page, "GET", `/api/bookings/${moved._id}`)).startTime).toBe(
      moved.startTime,
    );
    await page.context().close();
  });
});

describe("a connected Google Calendar's busy times", () => {
  it("are no free time in the preview and are shaded on the bookings calendar, after Resync now", async () => {
    const page = await withGoogle({ viewport: { width: 1280, height: 900 } });
    await signUp(page);
    await createService(page, { name: "Consultation", duration: 30, price: 0, isActive: true });
    await connectAtOnce(page);
    // The owner's dentist, in the calendar Google shows for the account (the fake's "primary").
    const [monday] = nextWeek();
    const offset = newYorkOffset(monday!.iso);
    calendar.addEvent("primary", {
      summary: "Dentist",
      start: { dateTime: `${monday!.iso}T11:00:00${offset}` },
      end: { dateTime: `${monday!.iso}T12:00:00${offset}` },
    });
    await card(page).getByRole("button", { name: "Resync now" }).click();
    await toast(page, "Synced with Google Calendar.").waitFor();

    await page.goto("/availability");
    await page.getByRole("button", { name: "Next week" }).click();
    await page.locator(`[data-preview-week="${monday!.iso}"]`).waitFor();
    const times = await previewTimes(page, monday!.iso);
    // 30-minute slots every 15 minutes: none of those that overlap 11:00–12:00.
    expect(times).toContain("10:30");
    expect(times).toContain("12:00");
    for (const taken of ["10:45", "11:00", "11:15", "11:30", "11:45"]) expect(times).not.toContain(taken);

    await page.goto(`/bookings?view=calendar&span=day&date=${monday!.iso}`);
    const shaded = page.locator("main .calendar-busy");
    await shaded.first().waitFor();
    const box = (await shaded.first().boundingBox())!;
    // An hour tall on the day's grid (48 px an hour), not a sliver.
    expect(Math.round(box.height)).toBe(48);
    await page.context().close();
  });
});

describe("Settings → Google Calendar, with an OAuth client", () => {
  it("connects in a 600 × 700 popup by keyboard, shows the account and since when, then disconnects", async () => {
    // A device far from the business (America/New_York, the default): the card shows the business's day.
    const page = await withGoogle({ timezoneId: "Pacific/Kiritimati" });
    await signUp(page);
    // What the page asked of window.open (the browser sizes Playwright's popups by the context's viewport).
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      window.open = (...args) => {
        sessionStorage.setItem("popupFeatures", String(args[2]));
        return open(...args);
      };
    });
    await page.goto("/settings");
    const opened = page.waitForEvent("popup");
    await connectButton(page).focus();
    await page.keyboard.press("Enter");
    const popup = await opened;
    expect(await page.evaluate(() => sessionStorage.getItem("popupFeatures"))).toMatch(
      /^popup,width=600,height=700,/,
    );
    // The fake Google consents at once; the callback page tells the portal and closes itself.
    await closedPopup(popup);
    await toast(
      page,
      "Google Calendar connected successfully! Your bookings will now appear in your calendar.",
    ).waitFor();
    await card(page).getByText(FAKE_GOOGLE_EMAIL, { exact: true }).waitFor();
    const { connectedAt } = await staffApi<CalendarStatus>(page, "GET", "/api/calendar/status");
    const day = new Intl.DateTimeFormat("en", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "America/New_York",
    }).format(new Date(connectedAt!));
    await card(page).getByText(`Connected since ${day} (America/New_York)`, { exact: true }).waitFor();
    // Connect has become Disconnect, and focus went there.
    await expect.poll(() => focusedText(page)).toBe("Disconnect");

    // Disconnect asks first; the safe choice has focus.
    await page.keyboard.press("Enter");
    const question = page.getByRole("alertdialog", { name: "Disconnect Google Calendar?" });
    await question.waitFor();
    await expect.poll(() => focusedText(page)).toBe("Cancel");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await toast(page, "Google Calendar disconnected successfully.").waitFor();
    await connectButton(page).waitFor();
    expect(google.revocations.length).toBeGreaterThanOrEqual(1);
    await page.context().close();
  });

  it("says the callback's reason when the user refuses consent (360 px)", async () => {
    const page = await withGoogle({ viewport: { width: 360, height: 740 } });
    await signUp(page, "/settings");
    google.decide({ deny: true });
    try {
      const opened = page.waitForEvent("popup");
      await connectButton(page).click();
      await closedPopup(await opened);
      await toast(page, "Authorization cancelled by user").waitFor();
      await card(page).getByRole("alert").getByText("Authorization cancelled by user").waitFor();
      await connectButton(page).waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
    } finally {
      google.decide({});
    }
    await page.context().close();
  });

  it("says a blocked popup at once, asking the server for nothing", async () => {
    const page = await withGoogle();
    await signUp(page);
    // The browser's popup blocker: window.open answers null.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto("/settings");
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/calendar/connect")) asked.push(request.url());
    });
    await connectButton(page).click();
    await toast(page, "Popup blocked. Please allow popups for this site.").waitFor();
    await card(page)
      .getByRole("alert")
      .getByText("Popup blocked. Please allow popups for this site.")
      .waitFor();
    expect(asked).toEqual([]);
    await page.context().close();
  });

  it("notices the popup closed by the user: after a second the status says cancelled", async () => {
    const page = await withGoogle();
    await page.clock.install();
    await userStillDeciding(page);
    await signUp(page, "/settings");
    const popup = await openPopup(page);
    await card(page)
      .getByRole("status")
      .getByText("Sign in to Google in the window that opened", { exact: false })
      .waitFor();
    expect(
      await card(page).getByRole("button", { name: "Waiting for Google…" }).getAttribute("aria-disabled"),
    ).toBe("true");
    await popup.close();
    await page.clock.fastForward(POPUP_POLL_MS);
    await page.clock.fastForward(CLOSED_GRACE_MS);
    await toast(page, "Authorization cancelled by user").waitFor();
    await connectButton(page).waitFor();
    await page.context().close();
  });

  it("gives up after 5 minutes, closing the popup", async () => {
    const page = await withGoogle();
    await page.clock.install();
    await userStillDeciding(page);
    await signUp(page, "/settings");
    const popup = await openPopup(page);
    const closed = closedPopup(popup);
    await page.clock.fastForward(AUTHORIZATION_TIMEOUT_MS);
    await toast(page, "Authorization timeout - please try again").waitFor();
    await closed;
    await connectButton(page).waitFor();
    await page.context().close();
  });

  it("stops waiting on Cancel, closing the popup, and says nothing went wrong", async () => {
    const page = await withGoogle();
    await userStillDeciding(page);
    await signUp(page, "/settings");
    const popup = await openPopup(page);
    const closed = closedPopup(popup);
    await card(page).getByRole("button", { name: "Cancel" }).click();
    await closed;
    await connectButton(page).waitFor();
    expect(await card(page).getByRole("alert").count()).toBe(0);
    await page.context().close();
  });
});

/**
 * A connection Google refuses (revoked access, a deleted calendar) is found by the calendar sync; until a page
 * can make the server meet Google's refusal, the status answer says so here, the rest of it the server's own.
 */
async function brokenConnection(page: Page) {
  await page.route("**/api/calendar/status", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { success: boolean; data: CalendarStatus };
    await route.fulfill({
      response,
      json: {
        ...body,
        data: {
          ...body.data,
          connected: true,
          email: FAKE_GOOGLE_EMAIL,
          connectedAt: "2026-11-20T10:00:00.000Z",
          brokenAt: "2026-11-26T10:00:00.000Z",
          brokenReason: "invalid_grant",
        },
      },
    });
  });
}

describe("a broken calendar connection", () => {
  it("is said above every page, with the way to Settings, where the card offers Reconnect (360 px)", async () => {
    const page = await withGoogle({ viewport: { width: 360, height: 740 } });
    await signUp(page);
    await brokenConnection(page);
    await page.goto("/bookings");
    const banner = page.getByText("Google Calendar is not receiving your bookings");
    await banner.waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.getByRole("link", { name: "Reconnect in Settings" }).click();
    await page.waitForURL("**/settings");
    await card(page).getByText("Google Calendar stopped accepting your bookings").waitFor();
    await card(page).getByRole("button", { name: "Reconnect" }).waitFor();
    // On Settings the card is the way: the banner stays, without a link to where it is.
    expect(await page.getByRole("link", { name: "Reconnect in Settings" }).count()).toBe(0);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.context().close();
  });
});

describe("Settings → Google Calendar in pl, fr, de, es and nl", () => {
  it("shows no untranslated string on the card, not connected, connected or broken, nor runs out at 360 px", async () => {
    const { readUntranslated, visibleTexts } = await import("../support/i18n-check");
    const page = await withGoogle({ viewport: { width: 360, height: 740 } });
    await signUp(page);
    for (const language of ["pl", "fr", "de", "es", "nl"] as const) {
      await page.evaluate((code) => localStorage.setItem("language", code), language);
      await page.goto("/settings");
      await page.waitForFunction((code) => document.documentElement.lang === code, language);
      // Google's calendar is named in every language's title, and Connect is its one button.
      await page
        .getByRole("region", { name: /Google/ })
        .getByRole("button")
        .waitFor();
      expect({
        language,
        untranslated: readUntranslated(language, await visibleTexts(page)),
        overflow: await sidewaysOverflow(page),
      }).toEqual({ language, untranslated: [], overflow: [] });
    }
    // Connected, then broken, in Polish.
    await page.evaluate(() => localStorage.setItem("language", "pl"));
    await page.goto("/settings");
    const opened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Połącz Kalendarz Google" }).click();
    await closedPopup(await opened);
    await page.getByText(FAKE_GOOGLE_EMAIL, { exact: true }).waitFor();
    expect(readUntranslated("pl", await visibleTexts(page))).toEqual([]);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await brokenConnection(page);
    await page.reload();
    await page.getByText("Kalendarz Google przestał przyjmować Twoje rezerwacje").waitFor();
    expect(readUntranslated("pl", await visibleTexts(page))).toEqual([]);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe("Settings → Google Calendar, without an OAuth client", () => {
  it("says what to configure instead of offering Connect", async () => {
    const page = await newPage();
    await signUp(page, "/settings");
    await card(page).getByText("Google Calendar is not set up on this server yet.").waitFor();
    expect(await card(page).innerText()).toContain("GOOGLE_CLIENT_ID");
    expect(await card(page).innerText()).toContain("GOOGLE_CLIENT_SECRET");
    expect(await card(page).getByRole("button").count()).toBe(0);
    await page.context().close();
  });
});

describe("axe finds no violations on the calendar card and banner, in either theme", () => {
  it("not connected, waiting for the popup, refused, connected, and broken", async () => {
    const page = await withGoogle();
    await userStillDeciding(page);
    await signUp(page, "/settings");
    await connectButton(page).waitFor();
    await expectNoAxeViolations(page);

    const popup = await openPopup(page);
    await expectNoAxeViolations(page);
    const closed = closedPopup(popup);
    await card(page).getByRole("button", { name: "Cancel" }).click();
    await closed;
    await page.context().unrouteAll();

    google.decide({ deny: true });
    try {
      const opened = page.waitForEvent("popup");
      await connectButton(page).click();
      await closedPopup(await opened);
      await card(page).getByRole("alert").waitFor();
      await expectNoAxeViolations(page);
    } finally {
      google.decide({});
    }

    const opened = page.waitForEvent("popup");
    await connectButton(page).click();
    await closedPopup(await opened);
    await card(page).getByText(FAKE_GOOGLE_EMAIL, { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await brokenConnection(page);
    await page.reload();
    await card(page).getByRole("button", { name: "Reconnect" }).waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  }, 120_000);
});
