import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { LANGUAGES } from "../../src/client/lib/languages";
import { bookAsAssistant, createBooking, firstFreeSlot } from "../support/bookings";
import {
  animationsSettled,
  browserForFile,
  callReport,
  connectVapiWithDeliveries,
  createAssistantKey,
  createService,
  openedDialog,
  PASSWORD,
  reportCallOk,
  signUp,
} from "../support/browser";
import { sidewaysOverflow } from "../support/sideways-overflow";

const { newPage } = browserForFile();

const WIDTH = 360;

let email: string;
let callId: string;
let bookingId: string;
let bookingDay: string;

beforeAll(async () => {
  const page = await newPage();
  email = await signUp(page);
  const key = await createAssistantKey(page, "Reception assistant for the downtown branch");
  // Two pages of calls with the longest texts a list shows, so the pager and every badge are on screen.
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    ids.push(
      await reportCallOk(
        key,
        callReport({
          callerNumber: `+48 601 234 ${String(100 + i)}`,
          callerName: "Maria Konstantynopolitańczykiewiczówna-Brzęczyszczykiewicz",
          serviceName: "Consultation and follow-up appointment",
          summary:
            "Asked whether the clinic can move her appointment to the afternoon and whether parking is available nearby.",
          status: (["completed", "missed", "failed", "in-progress"] as const)[i % 4],
          outcome: (["booked", "inquiry", "no-action", null] as const)[i % 4],
          durationSeconds: 3599,
          transcript: [
            { speaker: "assistant", text: "Good morning, how can I help?", offsetSeconds: 0 },
            { speaker: "caller", text: "I would like to move my appointment, please.", offsetSeconds: 4 },
          ],
        }),
      ),
    );
  }
  const [first] = ids;
  if (!first) throw new Error("no call was reported");
  callId = first;
  // The longest texts the services table shows: a long name and description, a price in the thousands.
  const serviceId = await createService(page, {
    name: "Konsultacja dermatologiczna z dermatoskopią i planem leczenia",
    description: "Ocena znamion, dermatoskopia cyfrowa, omówienie wyników i pisemny plan dalszego leczenia.",
    duration: 1440,
    price: 123456.78,
    category: "consultation",
    isActive: true,
  });
  await createService(page, { name: "Free follow-up", duration: 15, price: 0, isActive: false });
  // The voice assistant card on Vapi: its URL, and deliveries with the longest reasons it shows.
  await connectVapiWithDeliveries(page);
  // Bookings with long names and a long service name, more than a page of them (the pager shows too).
  const day = 24 * 60 * 60 * 1000;
  for (let index = 0; index < 11; index++) {
    await createBooking(page, {
      serviceId,
      startTime: new Date(Math.floor(Date.now() / day) * day + (3 + index * 2) * day).toISOString(),
      customerName: `Maria Magdalena Wiśniewska-Kowalczykowska ${index + 1}`,
      customerPhone: `+48 600 000 ${String(100 + index)}`,
    });
  }
  // A booking with the longest name and service, so the calendar and its panel show their widest texts.
  const bookedService = await createService(page, {
    name: "Koloryzacja i strzyżenie damskie z modelowaniem",
    duration: 60,
    price: 1250,
    isActive: true,
  });
  const slot = await firstFreeSlot(page, bookedService);
  bookingDay = slot.start.slice(0, 10);
  bookingId = await bookAsAssistant(key, {
    serviceId: bookedService,
    startTime: slot.start,
    customerName: "Maria Konstantynopolitańczykiewiczówna-Brzęczyszczykiewicz",
  });
  await page.context().close();
});

/** A page of the app at 360 px in one language, signed out. */
async function narrowPage(language: string) {
  const page = await newPage({ viewport: { width: WIDTH, height: 740 } });
  await page.addInitScript((code) => localStorage.setItem("language", code), language);
  return page;
}

async function expectNoSidewaysScroll(page: Page, screen: string) {
  // A drawer still sliding in sits partly past the right edge: measure where things come to rest.
  await animationsSettled(page);
  expect.soft({ screen, overflow: await sidewaysOverflow(page) }).toEqual({ screen, overflow: [] });
}

// Every language rather than only the longest catalog: the widest word of a screen is not always in the
// longest catalog overall.
describe.each(LANGUAGES.map((language) => language.code))(
  "at 360 px in %s nothing scrolls sideways",
  (language) => {
    it("on every screen", async () => {
      const page = await narrowPage(language);
      for (const path of ["/auth/sign-in", "/auth/sign-up"]) {
        await page.goto(path);
        await page.locator("form button[type=submit]").waitFor();
        await page.locator("header button[aria-haspopup]").first().waitFor();
        await expectNoSidewaysScroll(page, path);
      }

      const signedIn = await page.request.post("/api/auth/sign-in", {
        headers: { Origin: inject("baseURL") },
        data: { email, password: PASSWORD },
      });
      expect(signedIn.ok()).toBe(true);

      const main = page.locator("main");
      const screens: [string, () => Promise<unknown>][] = [
        ["/dashboard", () => main.locator("a[href^='/calls/']").first().waitFor()],
        ["/calls", () => main.locator("[data-pager=forward]:not([disabled])").first().waitFor()],
        ["/calls?page=2", () => main.locator("[data-pager=back]:not([disabled])").first().waitFor()],
        [`/calls/${callId}`, () => main.locator("[data-status]").first().waitFor()],
        ["/bookings", () => main.locator("[data-booking]").first().waitFor()],
        // Seven columns of hours or of day cells do not fit: the week and the month are lists of days here.
        [
          `/bookings?view=calendar&date=${bookingDay}`,
          () => main.locator(`[data-calendar=list] [data-booking="${bookingId}"]`).waitFor(),
        ],
        [
          `/bookings?view=calendar&span=month&date=${bookingDay}`,
          () => main.locator(`[data-calendar=list] [data-booking="${bookingId}"]`).waitFor(),
        ],
        [
          `/bookings?view=calendar&span=day&date=${bookingDay}`,
          () => main.locator(`[data-calendar=day] [data-booking="${bookingId}"]`).waitFor(),
        ],
        [
          `/bookings?view=calendar&date=${bookingDay}&booking=${bookingId}`,
          () => page.getByRole("dialog").locator("[data-event=create]").waitFor(),
        ],
        ["/services", () => main.locator("[data-service]").first().waitFor()],
        ["/availability", () => main.locator("[data-preview-week]").waitFor()],
        ["/availability?tab=blackouts", () => main.locator("[role=tabpanel] form input").first().waitFor()],
        ["/availability?tab=rules", () => main.locator("input[type=number]").first().waitFor()],
        [
          "/settings",
          async () => {
            await main.locator("input[name=name]").waitFor();
            // The voice assistant card opens on Vapi, its deliveries listed; then on our own API, the keys.
            await main.locator("[data-delivery=refused]").nth(1).waitFor();
            await expectNoSidewaysScroll(page, "/settings, Vapi");
            // Its tool definitions open: the JSON's long lines scroll inside their own blocks.
            await main.locator("[data-tools-toggle]").click();
            await main.locator("[data-tool]").nth(5).waitFor();
            await expectNoSidewaysScroll(page, "/settings, Vapi's tool definitions");
            await main.locator("[data-part=item]:has(input[value=own])").click();
            await main.getByText("Reception assistant for the downtown branch").waitFor();
          },
        ],
        // The key's and the services' long names show in the log's sentences.
        ["/settings/audit", () => main.locator("[data-audit-entry]").first().waitFor()],
        ["/faq", () => main.locator("h1").waitFor()],
      ];
      for (const [index, [path, loaded]] of screens.entries()) {
        // The first screen loads the app; the others are reached inside it, as a user reaches them (what a
        // direct load of each shows is direct-loads.e2e's), which spares a start of the app per screen.
        if (index === 0) await page.goto(path);
        else await page.evaluate((to) => history.pushState(null, "", to), path);
        await page.locator("header button[aria-haspopup]").first().waitFor();
        await loaded();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        await expectNoSidewaysScroll(page, path);
      }

      // The privacy desk with a caller found: the booking with the longest names, its cancel-or-keep choice.
      await page.goto("/settings/privacy-desk");
      await main.locator("input").first().fill("+1 555 000 1111");
      await main.locator("form button[type=submit]").click();
      await main.locator("[data-upcoming] input[type=radio]").first().waitFor();
      await expectNoSidewaysScroll(page, "/settings/privacy-desk, a caller found");

      // Delete everything: its last export's button carries one of the longest labels ("Einen letzten Export
      // herunterladen").
      await page.goto("/settings");
      await main.locator("[data-delete-business]").click();
      const deleteDialog = page.locator("[role=alertdialog]");
      await deleteDialog.locator("input[name=recordings]").waitFor();
      await expectNoSidewaysScroll(page, "/settings, Delete everything dialog");
      expect
        .soft(
          await deleteDialog.evaluate((dialog) =>
            [...dialog.querySelectorAll("*")]
              .filter((element) => element.scrollWidth > element.clientWidth + 1)
              .map(
                (element) =>
                  `${element.tagName.toLowerCase()}: ${element.scrollWidth} > ${element.clientWidth}`,
              ),
          ),
        )
        .toEqual([]);

      // The service dialog, its refusals shown. The first button on the page is Add Service.
      await page.goto("/services");
      await main.locator("[data-service]").first().waitFor();
      await main.getByRole("button").first().click();
      const dialog = await openedDialog(page);
      await dialog.locator("input[name=duration]").fill("0");
      await dialog.locator("input[name=bufferAfterMinutes]").fill("999");
      await dialog.locator("button[type=submit]").click();
      await dialog.locator("[data-part=error-text]").nth(2).waitFor();
      await expectNoSidewaysScroll(page, "/services, Add Service dialog");

      // The reschedule dialog with a day's free times. Its buttons carry data-action in every language.
      await page.goto("/bookings");
      await main.locator("[data-action=reschedule]").first().click();
      const reschedule = page.getByRole("dialog");
      await reschedule.locator("input[type=time]").waitFor();
      await reschedule.locator("[data-part=now]").click();
      await reschedule.locator("section h3").waitFor();
      await expectNoSidewaysScroll(page, "/bookings, Reschedule dialog");
      await page.context().close();
    });
  },
);
