import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookDuringCall } from "../support/bookings";
import {
  browserForFile,
  callReport,
  createService,
  expectNoAxeViolations,
  fakeRecordingHost,
  reportCallOk,
  signUpWithKey,
} from "../support/browser";

const { newPage } = browserForFile();

const RECORDINGS = "recordings.calldesk.test";
const rowLinks = (page: Page) => page.locator("main a[href^='/calls/']");

/** A signed-up user on a fresh page, with an assistant key; optionally a faked clock from the start. */
async function staffWithKey(options: { clock?: boolean } = {}) {
  const page = await newPage();
  return { page, key: await signUpWithKey(page, options) };
}

describe("Calls", () => {
  it("shows a newly reported call without a reload once the 30 s cache lifetime ends", async () => {
    const { page, key } = await staffWithKey({ clock: true });
    await page.goto("/calls");
    await page.getByText("No calls found").waitFor();
    await page.getByText("0 total calls").waitFor();

    const report = callReport({
      callerName: "Grace Hopper",
      summary: "Asked about opening hours",
      outcome: "inquiry",
      durationSeconds: 95,
    });
    await reportCallOk(key, report);
    // Within the cache lifetime the list is not refetched…
    await page.clock.fastForward(20_000);
    expect(await page.getByText(report.callerNumber).count()).toBe(0);
    // …and right after it, it is.
    await page.clock.fastForward(11_000);
    const row = page.getByRole("listitem").filter({ hasText: report.callerNumber });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain("Grace Hopper");
    expect(text).toMatch(/less than a minute ago|1 minute ago/);
    expect(text).toContain("Asked about opening hours");
    expect(text).toContain("1:35");
    expect(text).toContain("completed");
    expect(text).toContain("inquiry");
    await page.getByText("1 total call").waitFor();
    await page.context().close();
  });

  it("follows a live call every 5 s and marks it with a live dot", async () => {
    const { page, key } = await staffWithKey({ clock: true });
    const report = callReport({ status: "in-progress", durationSeconds: 0, callerName: "Live Caller" });
    await reportCallOk(key, report);
    await page.goto("/calls");
    const row = page.getByRole("listitem").filter({ hasText: report.callerNumber });
    await row.getByText("in progress").waitFor();
    expect(await row.locator("[data-live]").count()).toBe(1);

    await reportCallOk(key, { ...report, status: "completed", durationSeconds: 61, outcome: "booked" });
    await page.clock.fastForward(5_500);
    await row.getByText("completed").waitFor();
    expect(await row.innerText()).toContain("booked");
    expect(await row.locator("[data-live]").count()).toBe(0);
    await page.context().close();
  });

  it("pages through more than ten calls with Next, Previous, First and Last, the page in the URL", async () => {
    const { page, key } = await staffWithKey();
    const base = Date.now() - 60 * 60_000;
    const reports = Array.from({ length: 12 }, (_, i) =>
      callReport({ startedAt: new Date(base + i * 60_000).toISOString() }),
    );
    for (const report of reports) await reportCallOk(key, report);
    await page.goto("/calls");
    await page.getByText("Page 1 of 2").waitFor();
    expect(await rowLinks(page).count()).toBe(10);
    const previous = page.getByRole("button", { name: "Previous" });
    const next = page.getByRole("button", { name: "Next" });
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);

    await next.click();
    await page.getByText("Page 2 of 2").waitFor();
    await page.waitForURL("**/calls?page=2");
    // newest first: page 2 holds the two oldest
    await expect
      .poll(() => rowLinks(page).allInnerTexts())
      .toEqual([reports[1]!.callerNumber, reports[0]!.callerNumber]);
    expect(await next.isDisabled()).toBe(true);

    await previous.click();
    await page.getByText("Page 1 of 2").waitFor();
    await page.getByRole("button", { name: "Last page" }).click();
    await page.getByText("Page 2 of 2").waitFor();
    await page.getByRole("button", { name: "First page" }).click();
    await page.getByText("Page 1 of 2").waitFor();
    // The pager follows the address at once; the rows follow their answer (shown deferred, dimmed meanwhile).
    await expect.poll(() => rowLinks(page).first().innerText()).toBe(reports[11]!.callerNumber);
    await page.context().close();
  });

  it("keeps status and date filters in the URL across a reload; ignores invalid values", async () => {
    const { page, key } = await staffWithKey();
    const early = callReport({ status: "missed", startedAt: "2026-01-10T15:00:00.000Z", durationSeconds: 0 });
    const later = callReport({ status: "missed", startedAt: "2026-01-20T15:00:00.000Z", durationSeconds: 0 });
    const completed = callReport({ status: "completed", startedAt: "2026-01-20T16:00:00.000Z" });
    for (const report of [early, later, completed]) await reportCallOk(key, report);

    await page.goto("/calls");
    await page.getByText("3 total calls").waitFor();
    await page.getByLabel("Status", { exact: true }).selectOption("missed");
    await page.waitForURL("**/calls?status=missed");
    await page.getByText("2 total calls").waitFor();

    // Typed in the interface language's format (English: month first), committed with Enter.
    await page.getByLabel("From", { exact: true }).fill("01/15/2026");
    await page.getByLabel("From", { exact: true }).press("Enter");
    await page.waitForURL("**/calls?status=missed&from=2026-01-15");
    await page.getByLabel("To", { exact: true }).fill("01/31/2026");
    await page.getByLabel("To", { exact: true }).press("Enter");
    await page.waitForURL("**/calls?status=missed&from=2026-01-15&to=2026-01-31");
    // A start typed after the end is held at the end: the range cannot be inverted.
    await page.getByLabel("From", { exact: true }).fill("02/10/2026");
    await page.getByLabel("From", { exact: true }).press("Enter");
    await page.waitForURL("**/calls?status=missed&from=2026-01-31&to=2026-01-31");
    await page.getByText("No calls found").waitFor();
    await page.getByLabel("From", { exact: true }).fill("01/15/2026");
    await page.getByLabel("From", { exact: true }).press("Enter");
    await page.waitForURL("**/calls?status=missed&from=2026-01-15&to=2026-01-31");
    await page.getByText("1 total call").waitFor();
    expect(await page.getByText(later.callerNumber).count()).toBe(1);

    await page.reload();
    await page.getByText("1 total call").waitFor();
    expect(await page.getByLabel("Status", { exact: true }).inputValue()).toBe("missed");
    await expect.poll(() => page.getByLabel("From", { exact: true }).inputValue()).toBe("01/15/2026");
    expect(await page.getByLabel("To", { exact: true }).inputValue()).toBe("01/31/2026");
    expect(await page.getByText(later.callerNumber).count()).toBe(1);

    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.waitForURL(/\/calls$/);
    await page.getByText("3 total calls").waitFor();

    await page.goto("/calls?status=bogus&from=2026-02-31&to=yesterday&page=-4");
    await page.waitForURL(/\/calls$/);
    await page.getByText("3 total calls").waitFor();
    await page.goto("/calls?page=99");
    await page.waitForURL(/\/calls$/);
    await page.getByText("3 total calls").waitFor();
    await page.context().close();
  });

  it("commits a date typed into the From field, a digit fixed in the middle, with Enter", async () => {
    const { page } = await staffWithKey();
    await page.goto("/calls");
    const from = page.getByLabel("From", { exact: true });
    await from.click();
    // A digit left out, and the caret moved back to where it belongs.
    await page.keyboard.type("01/5/2026");
    for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowLeft");
    await page.keyboard.type("1");
    expect(await from.inputValue()).toBe("01/15/2026");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/calls?from=2026-01-15");
    await page.context().close();
  });

  it("picks a date by keyboard in a Polish calendar: Polish month and day names, the day written the Polish way", async () => {
    const { page, key } = await staffWithKey();
    const early = callReport({ startedAt: "2026-01-15T12:00:00.000Z" });
    const later = callReport({ startedAt: "2026-01-16T12:00:00.000Z" });
    for (const report of [early, later]) await reportCallOk(key, report);
    await page.evaluate(() => localStorage.setItem("language", "pl"));
    await page.goto("/calls?from=2026-01-15");
    await page.waitForFunction(() => document.documentElement.lang === "pl");
    const from = page.getByLabel("Od", { exact: true });
    await expect.poll(() => from.inputValue()).toBe("15.01.2026");
    expect(await page.getByLabel("Do", { exact: true }).getAttribute("placeholder")).toBe("dd.mm.rrrr");

    // Keyboard only: Tab from the date to its calendar button, open, walk to the next day, choose it.
    await from.focus();
    await page.keyboard.press("Tab");
    const trigger = page.getByRole("button", { name: "Otwórz kalendarz: Od", exact: true });
    await expect.poll(() => trigger.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const calendar = page.getByRole("application", { name: "Kalendarz" });
    await calendar.waitFor();
    const text = await calendar.innerText();
    expect(text).toMatch(/styczeń 2026/i);
    expect(text).toMatch(/pon\.[\s\S]*wt\.[\s\S]*śr\.[\s\S]*czw\.[\s\S]*pt\.[\s\S]*sob\.[\s\S]*niedz\./);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("15");
    await expectNoAxeViolations(page);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("16");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/calls?from=2026-01-16");
    await calendar.waitFor({ state: "hidden" });
    await expect.poll(() => from.inputValue()).toBe("16.01.2026");
    await expect.poll(() => rowLinks(page).allInnerTexts()).toEqual([later.callerNumber]);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("opens a call: details, the transcript as a conversation, and an unreachable recording said so", async () => {
    const { page, key } = await staffWithKey();
    await fakeRecordingHost(page, RECORDINGS, []);
    const report = callReport({
      callerName: "Ada Lovelace",
      serviceName: "Consultation",
      outcome: "booked",
      summary: "Booked a consultation for Tuesday",
      durationSeconds: 184,
      recordingUrl: `https://${RECORDINGS}/missing.mp3`,
      transcript: [
        { speaker: "assistant", text: "Hello, how can I help?", offsetSeconds: 0 },
        { speaker: "caller", text: "I would like an appointment.", offsetSeconds: 5 },
        { speaker: "assistant", text: "Tuesday at ten works.", offsetSeconds: 72 },
      ],
    });
    const id = await reportCallOk(key, report);
    await page.goto("/calls?status=completed");
    await page.getByRole("link", { name: report.callerNumber }).click();
    await page.waitForURL(`**/calls/${id}?status=completed`);

    await page.getByRole("heading", { level: 1, name: "Ada Lovelace" }).waitFor();
    const main = page.getByRole("main");
    for (const text of ["Consultation", "3:04", "completed", "booked", "Booked a consultation for Tuesday"])
      await main.getByText(text, { exact: true }).first().waitFor();
    const turns = main.getByRole("listitem").filter({ hasText: /appointment|help|ten works/ });
    await expect.poll(() => turns.count()).toBe(3);
    expect(await turns.nth(1).innerText()).toMatch(/Caller\s*0:05\s*I would like an appointment\./);
    expect(await turns.nth(2).innerText()).toMatch(/Assistant\s*1:12/);
    await main.getByText("Recording unavailable").waitFor();

    await page.getByRole("link", { name: "Back to calls" }).click();
    await page.waitForURL("**/calls?status=completed");
    expect(await page.getByLabel("Status", { exact: true }).inputValue()).toBe("completed");

    await page.goto("/calls/no-such-call");
    await page.getByRole("heading", { level: 1, name: "Call not found" }).waitFor();
    await page.context().close();
  });

  it("says so when a call has no recording at all", async () => {
    const { page, key } = await staffWithKey();
    const id = await reportCallOk(key, callReport());
    await page.goto(`/calls/${id}`);
    await page.getByText("No recording for this call").waitFor();
    await page.getByText("No transcript for this call").waitFor();
    await page.context().close();
  });

  it("keyboard only: opens a call from the list and plays, pauses and seeks its recording", async () => {
    const { page, key } = await staffWithKey();
    const recordingUrl = `https://${RECORDINGS}/call-ok.wav`;
    await fakeRecordingHost(page, RECORDINGS, [recordingUrl]);
    const report = callReport({ recordingUrl, durationSeconds: 6, callerName: "Keyboard Caller" });
    await reportCallOk(key, report);
    await page.goto("/calls");
    const link = page.getByRole("link", { name: report.callerNumber });
    await link.waitFor();

    const focusedHref = () => page.evaluate(() => document.activeElement?.getAttribute("href") ?? "");
    for (let i = 0; i < 40 && !(await focusedHref()).startsWith("/calls/"); i++)
      await page.keyboard.press("Tab");
    expect(await focusedHref()).toMatch(/^\/calls\//);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Keyboard Caller" }).waitFor();

    const play = page.getByRole("button", { name: "Play recording" });
    await expect.poll(() => play.isEnabled()).toBe(true);
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    for (let i = 0; i < 30 && (await focusedLabel()) !== "Play recording"; i++)
      await page.keyboard.press("Tab");
    expect(await focusedLabel()).toBe("Play recording");

    const audio = page.locator("audio");
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedLabel()).toBe("Pause recording");
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(false);
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0);

    await page.keyboard.press("Space");
    await expect.poll(() => focusedLabel()).toBe("Play recording");
    expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);

    await page.keyboard.press("Tab");
    expect(await focusedLabel()).toBe("Seek");
    const before = await audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime))
      .toBeGreaterThanOrEqual(Math.floor(before) + 2);
    await page.context().close();
  });
});

describe("A call's booking", () => {
  it("shows the booking's status as it is now after it was confirmed, then cancelled, on Bookings", async () => {
    const { page, key } = await staffWithKey();
    const serviceId = await createService(page, { name: "Haircut", duration: 30, price: 40, isActive: true });
    const call = callReport({ outcome: "booked", callerName: "Grace Hopper" });
    const { callId, bookingId } = await bookDuringCall(page, key, serviceId, call);
    const status = (value: string) =>
      page.locator(`[data-call-booking="${bookingId}"] [data-status="${value}"]`);
    const updated = page.locator("[data-scope=toast]").getByText("Booking updated successfully");

    // Everything from here on is in-app navigation: the call's detail stays cached (30 s) between visits.
    await page.goto(`/calls/${callId}`);
    await status("pending").waitFor();

    // Confirmed in the panel the card opens, then back to the call with the browser's Back.
    await page.getByRole("link", { name: "Open the booking" }).click();
    const panel = page.getByRole("dialog", { name: "Grace Hopper" });
    await panel.getByRole("button", { name: "Confirm" }).click();
    await updated.waitFor();
    await page.goBack();
    await page.waitForURL(`**/calls/${callId}`);
    await status("confirmed").waitFor();

    // Cancelled from the Bookings list, reached through the navigation; Back again.
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Bookings" })
      .click();
    const row = page.locator(`main [data-booking="${bookingId}"]`);
    await row.getByRole("button", { name: /^Cancel/ }).click();
    await page
      .getByRole("alertdialog", { name: "Cancel the booking of Grace Hopper?" })
      .getByRole("button", { name: "Cancel booking" })
      .click();
    await page.locator(`main [data-booking="${bookingId}"][data-status=cancelled]`).waitFor();
    await page.goBack();
    await page.waitForURL(`**/calls/${callId}`);
    await status("cancelled").waitFor();
    await page.context().close();
  });
});

describe("axe finds no violations on Calls, in either theme", () => {
  it("on the empty list, the list with data, and a call's detail", async () => {
    const { page, key } = await staffWithKey();
    await fakeRecordingHost(page, RECORDINGS, []);
    await page.goto("/calls");
    await page.getByText("No calls found").waitFor();
    await expectNoAxeViolations(page);

    const statuses = ["completed", "missed", "failed", "in-progress"] as const;
    const outcomes = ["booked", "inquiry", "no-action", null] as const;
    let id = "";
    for (let i = 0; i < 12; i++)
      id = await reportCallOk(
        key,
        callReport({
          status: statuses[i % 4],
          outcome: outcomes[i % 4],
          callerName: i % 3 ? `Caller ${i}` : null,
          summary: i % 2 ? "Wanted to move an appointment" : null,
          serviceName: "Haircut",
          recordingUrl: `https://${RECORDINGS}/gone-${i}.mp3`,
          transcript: [
            { speaker: "assistant", text: "Hello!", offsetSeconds: 0 },
            { speaker: "caller", text: "Hi, it's about my booking.", offsetSeconds: 3 },
          ],
        }),
      );
    await page.reload();
    await page.getByText("Page 1 of 2").waitFor();
    await expectNoAxeViolations(page);

    await page.goto(`/calls/${id}`);
    await page.getByText("Recording unavailable").waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});

describe("Calls in every language", () => {
  it("names a caller whose number was never told in the interface's language, never by the stored 'unknown'", async () => {
    const { page, key } = await staffWithKey();
    const id = await reportCallOk(key, callReport({ callerNumber: "unknown", callerName: null }));
    await page.evaluate(() => localStorage.setItem("language", "pl"));
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Nieznany rozmówca" }).waitFor();
    await page.goto("/calls");
    await page.getByRole("link", { name: "Nieznany rozmówca" }).click();
    await page.waitForURL(`**/calls/${id}`);
    await page.getByRole("heading", { level: 1, name: "Nieznany rozmówca" }).waitFor();
    expect(await page.getByRole("main").innerText()).not.toMatch(/\bunknown\b/i);
    await page.context().close();
  });

  it("shows no untranslated string of the Calls screen in pl, fr, de, es and nl", async () => {
    const { readUntranslated, visibleTexts } = await import("../support/i18n-check");
    const { page, key } = await staffWithKey();
    for (let i = 0; i < 11; i++)
      await reportCallOk(
        key,
        callReport({
          status: (["completed", "missed", "failed", "in-progress"] as const)[i % 4],
          outcome: (["booked", "inquiry", "no-action"] as const)[i % 3],
          callerName: i % 2 ? null : "Jan Kowalski",
          startedAt: new Date(Date.now() - (i + 1) * 7 * 60_000).toISOString(),
        }),
      );
    await page.goto("/calls");
    await page.getByText("Page 1 of 2").waitFor();
    const english = await visibleTexts(page);
    expect(english).toContain("Call History");
    expect(english).toContain("in progress");

    for (const language of ["pl", "fr", "de", "es", "nl"] as const) {
      await page.evaluate((code) => localStorage.setItem("language", code), language);
      await page.reload();
      await page.waitForFunction((code) => document.documentElement.lang === code, language);
      await page.locator("main a[href^='/calls/']").first().waitFor();
      const texts = await visibleTexts(page);
      expect({ language, untranslated: readUntranslated(language, texts) }).toEqual({
        language,
        untranslated: [],
      });
      // Relative times come from date-fns in the same language.
      expect(texts.filter((text) => /\bago$|^less than a minute|^about \d/.test(text))).toEqual([]);
    }
    await page.context().close();
  });
});
