import { describe, expect, it } from "vitest";
import { nextWeek, previewTimes } from "../support/availability-preview";
import {
  browserForFile,
  countRequests,
  createService,
  expectNoAxeViolations,
  focusedControl,
  pressTwice,
  signUp,
  staffApi,
} from "../support/browser";

const { newPage } = browserForFile();

describe("availability", () => {
  it("an edited schedule and a new blackout change the preview", async () => {
    const page = await newPage();
    await signUp(page);
    await createService(page, { name: "Consultation", duration: 30, price: 0, isActive: true });
    const [monday, tuesday, wednesday, , , saturday] = nextWeek();
    await page.goto("/availability");
    await page.getByRole("heading", { level: 1, name: "Availability" }).waitFor();
    await page.getByRole("button", { name: "Next week" }).click();
    await page.locator(`[data-preview-week="${monday!.iso}"]`).waitFor();

    // A new business opens 09:00–17:00 on weekdays (spec 9): 30-minute slots every 15 minutes.
    const mondayTimes = await previewTimes(page, monday!.iso);
    expect(mondayTimes[0]).toBe("09:00");
    expect(mondayTimes.at(-1)).toBe("16:30");
    expect(await previewTimes(page, saturday!.iso)).toEqual([]);

    await page.getByRole("button", { name: "Add hours on Saturday" }).click();
    await page.getByLabel("Saturday, hours 1: from").fill("10:00");
    await page.getByLabel("Saturday, hours 1: to").fill("12:00");
    await page.getByText("Unsaved changes").waitFor();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Availability saved").waitFor();
    // Save, which has nothing left to save, keeps the focus rather than dropping it to the page.
    expect(await focusedControl(page)).toBe("Save changes");
    await expect
      .poll(() => previewTimes(page, saturday!.iso))
      .toEqual(["10:00", "10:15", "10:30", "10:45", "11:00", "11:15", "11:30"]);
    expect(await page.getByText("Unsaved changes").count()).toBe(0);

    await page.getByRole("tab", { name: "Blackout dates" }).click();
    await page.waitForURL("**/availability?tab=blackouts**");
    // The last day follows the first, also when the first is corrected to an earlier day.
    const first = page.getByLabel("First day", { exact: true });
    const last = page.getByLabel("Last day", { exact: true });
    await first.fill(wednesday!.us);
    await first.press("Enter");
    await expect.poll(() => last.inputValue()).toBe(wednesday!.us);
    await first.fill(tuesday!.us);
    await first.press("Enter");
    await expect.poll(() => last.inputValue()).toBe(tuesday!.us);
    await page.getByLabel("Reason (optional)").fill("Public holiday");
    await page.getByRole("button", { name: "Add blackout" }).click();
    await page.getByText("Blackout added").waitFor();
    await page.locator(`[data-blackout="${tuesday!.iso}"]`).getByText("Public holiday").waitFor();
    await expect.poll(() => previewTimes(page, tuesday!.iso)).toEqual([]);
    expect((await previewTimes(page, monday!.iso)).length).toBeGreaterThan(0);

    // Removing it asks first, then the day is offered again.
    await page.getByRole("button", { name: /^Remove the blackout on / }).click();
    await page.getByRole("alertdialog").waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove blackout" }).click();
    await page.getByText("Blackout removed").waitFor();
    // The only blackout gone, focus is on the list's heading rather than on the page.
    await expect.poll(() => focusedControl(page)).toBe("Upcoming");
    await expect.poll(async () => (await previewTimes(page, tuesday!.iso)).length).toBeGreaterThan(0);

    // The schedule came from the server on a reload: what was saved is what is there.
    await page.reload();
    await page.getByRole("tab", { name: "Blackout dates", selected: true }).waitFor();
    await page.getByRole("tab", { name: "Weekly schedule" }).click();
    expect(await page.getByLabel("Saturday, hours 1: from").inputValue()).toBe("10:00");

    // Saturday's hours copied to Monday–Friday, then thrown away.
    await page.getByRole("button", { name: "Copy Saturday's hours" }).click();
    await page.getByRole("menuitem", { name: "Copy to all weekdays (Monday–Friday)" }).click();
    expect(await page.getByLabel("Monday, hours 1: to").inputValue()).toBe("12:00");
    expect(await page.getByLabel("Sunday, hours 1: from").count()).toBe(0);
    await page.getByRole("button", { name: "Discard changes" }).click();
    expect(await page.getByLabel("Monday, hours 1: to").inputValue()).toBe("17:00");
    expect(await focusedControl(page)).toBe("Discard changes");
    expect(await page.getByText("Unsaved changes").count()).toBe(0);
    await page.context().close();
  });

  it("a closure from Friday 14:00 to Monday 10:00 is entered once, listed once, and takes exactly its slots", async () => {
    const page = await newPage();
    await signUp(page);
    await createService(page, { name: "Consultation", duration: 30, price: 0, isActive: true });
    // Open at the weekend too, so that the closure's middle has slots to take.
    const weekend = [{ start: "10:00", end: "12:00" }];
    const weekdays = [{ start: "09:00", end: "17:00" }];
    await staffApi(page, "PUT", "/api/availability", {
      data: {
        weeklySchedule: {
          "0": weekend,
          "1": weekdays,
          "2": weekdays,
          "3": weekdays,
          "4": weekdays,
          "5": weekdays,
          "6": weekend,
        },
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
        minimumNoticeMinutes: 60,
        bookingHorizonDays: 60,
        slotStepMinutes: 15,
      },
    });
    const [, , , thursday, friday, saturday, sunday] = nextWeek();
    const [monday, tuesday] = nextWeek(2);
    await page.goto("/availability?tab=blackouts");
    await page.getByRole("button", { name: "Next week" }).click();
    await page.locator(`[data-preview-week] [data-day="${friday!.iso}"]`).waitFor();
    await expect.poll(() => previewTimes(page, saturday!.iso)).toHaveLength(7);

    const first = page.getByLabel("First day", { exact: true });
    await first.fill(friday!.us);
    await first.press("Enter");
    await page.getByLabel("From (optional)").fill("14:00");
    const last = page.getByLabel("Last day", { exact: true });
    await last.fill(monday!.us);
    await last.press("Enter");
    await expect.poll(() => last.inputValue()).toBe(monday!.us);
    // Once chosen apart, the last day stays when the first day changes (here to Thursday and back).
    await first.fill(thursday!.us);
    await first.press("Enter");
    await expect.poll(() => first.inputValue()).toBe(thursday!.us);
    await first.fill(friday!.us);
    await first.press("Enter");
    await expect.poll(() => first.inputValue()).toBe(friday!.us);
    expect(await last.inputValue()).toBe(monday!.us);
    await page.getByLabel("Until (optional)").fill("10:00");
    await page.getByLabel("Reason (optional)").fill("Family wedding");
    await page.getByRole("button", { name: "Add blackout" }).click();
    await page.getByText("Blackout added").waitFor();

    // One entry, naming both ends.
    const upcoming = page.getByRole("region", { name: "Upcoming" }).getByRole("listitem");
    await upcoming.first().waitFor();
    expect(await upcoming.count()).toBe(1);
    expect(await upcoming.first().getAttribute("data-blackout")).toBe(friday!.iso);
    // Intl may join its parts with narrow or no-break spaces.
    expect((await upcoming.first().innerText()).replace(/\s+/g, " ").trim()).toMatch(
      /^Fri, \w{3} \d{1,2}(, \d{4})?, 14:00 – Mon, \w{3} \d{1,2}(, \d{4})?, 10:00 Family wedding$/,
    );

    // Friday until 14:00 and Monday from 10:00 are still offered; the weekend between is not.
    await expect.poll(async () => (await previewTimes(page, friday!.iso)).at(-1)).toBe("13:30");
    expect(await previewTimes(page, saturday!.iso)).toEqual([]);
    expect(await previewTimes(page, sunday!.iso)).toEqual([]);
    expect(await previewTimes(page, thursday!.iso)).toHaveLength(31);
    await page.getByRole("button", { name: "Next week" }).click();
    await page.locator(`[data-preview-week="${monday!.iso}"]`).waitFor();
    await expect.poll(async () => (await previewTimes(page, monday!.iso))[0]).toBe("10:00");
    expect(await previewTimes(page, monday!.iso)).toHaveLength(27);
    expect(await previewTimes(page, tuesday!.iso)).toHaveLength(31);
    await page.context().close();
  });

  it("adds one blackout for a double press on Add blackout, which keeps the focus", async () => {
    const page = await newPage();
    await signUp(page, "/availability?tab=blackouts");
    const [, tuesday] = nextWeek();
    const first = page.getByLabel("First day", { exact: true });
    await first.fill(tuesday!.us);
    await first.press("Enter");
    await expect.poll(() => page.getByLabel("Last day", { exact: true }).inputValue()).toBe(tuesday!.us);
    await page.getByLabel("Reason (optional)").fill("Public holiday");
    const additions = countRequests(page, "POST", "/api/availability/blackout-dates");
    await pressTwice(page.getByRole("button", { name: "Add blackout" }));
    await page.getByText("Blackout added").waitFor();
    await page.locator(`[data-blackout="${tuesday!.iso}"]`).first().waitFor();
    expect(additions()).toBe(1);
    // The form emptied for the next one, and the keyboard is still on its button.
    await expect.poll(() => page.getByLabel("Reason (optional)").inputValue()).toBe("");
    await expect.poll(() => focusedControl(page)).toBe("Add blackout");
    expect(await page.locator(`[data-blackout="${tuesday!.iso}"]`).count()).toBe(1);
    await page.context().close();
  });

  it("takes a blackout another tab removed meanwhile as removed: the question closes and focus moves on", async () => {
    const page = await newPage();
    await signUp(page, "/availability?tab=blackouts");
    const [, tuesday, wednesday] = nextWeek();
    const add = (day: string) =>
      staffApi<{ id: string }>(page, "POST", "/api/availability/blackout-dates", {
        data: { startDate: day, endDate: day, startTime: null, endTime: null, reason: null },
      });
    await add(tuesday!.iso);
    const gone = await add(wednesday!.iso);
    await page.reload();
    await page.locator(`[data-blackout="${wednesday!.iso}"]`).waitFor();
    const removals = page.getByRole("button", { name: /^Remove the blackout on / });
    await removals.nth(1).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    await staffApi(page, "DELETE", `/api/availability/blackout-dates/${gone.id}`);
    await confirm.getByRole("button", { name: "Remove blackout" }).click();
    await page.getByText("This blackout had already been removed").waitFor();
    await confirm.waitFor({ state: "detached" });
    await page.locator(`[data-blackout="${wednesday!.iso}"]`).waitFor({ state: "detached" });
    expect(await page.getByText("Could not remove the blackout").count()).toBe(0);
    // As after a removal of its own: the Remove of the blackout left, not <body>.
    await expect.poll(() => focusedControl(page)).toMatch(/^Remove the blackout on /);
    await page.context().close();
  });

  it("names the last bookable day and marks the days past the booking horizon", async () => {
    const page = await newPage();
    await signUp(page);
    await createService(page, { name: "Checkup", duration: 30, price: 0, isActive: true });
    const open = [{ start: "09:00", end: "17:00" }];
    await staffApi(page, "PUT", "/api/availability", {
      data: {
        weeklySchedule: Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((day) => [day, open])),
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
        minimumNoticeMinutes: 0,
        bookingHorizonDays: 3,
        slotStepMinutes: 60,
      },
    });
    // Today on the business's (New York's) calendar plus three whole days.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    const last = new Date(Date.parse(`${today}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    await page.goto("/availability");
    await page.locator(`[data-last-bookable-day="${last}"]`).waitFor();
    // This week and the next hold the horizon's end wherever today falls in the week.
    for (const weeksAhead of [0, 1]) {
      if (weeksAhead === 1) await page.getByRole("button", { name: "Next week" }).click();
      const week = nextWeek(weeksAhead);
      await page.locator(`[data-preview-week="${week[0]!.iso}"]`).waitFor();
      for (const { iso } of week.filter((day) => day.iso > today)) {
        const day = page.locator(`[data-preview-week] [data-day="${iso}"]`);
        if (iso > last) {
          await day.getByText("Beyond the booking horizon").waitFor();
          expect(await previewTimes(page, iso)).toEqual([]);
        } else expect(await previewTimes(page, iso)).toHaveLength(8); // the last day whole: 09:00 … 16:00
      }
    }
    await page.context().close();
  });

  it("says so when the server cut the week's answer short, instead of a silently short week", async () => {
    const page = await newPage();
    await signUp(page);
    await createService(page, { name: "Quick call", duration: 5, price: 0, isActive: true });
    // Round the clock every day at a 1-minute step: ~10,000 slots a week, twice what one answer holds.
    const allDay = [{ start: "00:00", end: "24:00" }];
    await staffApi(page, "PUT", "/api/availability", {
      data: {
        weeklySchedule: Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((day) => [day, allDay])),
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
        minimumNoticeMinutes: 0,
        bookingHorizonDays: 60,
        slotStepMinutes: 1,
      },
    });
    const week = nextWeek();
    await page.goto("/availability");
    await page.getByRole("button", { name: "Next week" }).click();
    const note = page.locator(`[data-preview-week="${week[0]!.iso}"] [data-preview-truncated]`);
    await note.getByText("Not every free time is shown").waitFor();
    // Open round the clock, each day's last starts run on into the next day's hours: all 1,440 minutes.
    expect(await previewTimes(page, week[0]!.iso)).toHaveLength(1440);
    const sunday = page.locator(`[data-preview-week] [data-day="${week[6]!.iso}"]`);
    await sunday.getByText("Not shown").waitFor();
    expect(await previewTimes(page, week[6]!.iso)).toEqual([]);
    await page.context().close();
  });

  it("tabs and the schedule editor work by keyboard alone", async () => {
    // A 12-hour clock in the time inputs' segments: hour, minute, AM/PM.
    const page = await newPage({ locale: "en-US" });
    await signUp(page, "/availability");
    const scheduleTab = page.getByRole("tab", { name: "Weekly schedule" });
    await scheduleTab.focus();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("tab", { name: "Blackout dates", selected: true }).waitFor();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("tab", { name: "Buffer rules", selected: true }).waitFor();
    await page.waitForURL("**/availability?tab=rules");
    await page.keyboard.press("Home");
    await page.getByRole("tab", { name: "Weekly schedule", selected: true }).waitFor();
    await page.waitForURL((url) => url.pathname === "/availability" && url.search === "");

    const focusedName = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return (active?.getAttribute("aria-label") ?? active?.textContent ?? "").trim();
      });
    /** Moves focus with `key` until the focused control is named `name` (a time input's first segment going forward). */
    const tabTo = async (name: string, key = "Tab") => {
      for (let i = 0; i < 80 && (await focusedName()) !== name; i++) await page.keyboard.press(key);
      expect(await focusedName()).toBe(name);
    };
    // From the tab list into the panel, to Saturday's "Add hours".
    await tabTo("Add hours on Saturday");
    await page.keyboard.press("Enter");
    await page.getByLabel("Saturday, hours 1: from").waitFor();
    // Back over the new range's remove button into its start, then forward into its end's hour.
    await tabTo("Remove Saturday, hours 1", "Shift+Tab");
    await tabTo("Saturday, hours 1: from", "Shift+Tab");
    await tabTo("Saturday, hours 1: to");
    // An end before the start: the message sits by the range and saving is refused.
    await page.keyboard.type("0800AM");
    await page.getByText("The end must be after the start.").waitFor();
    expect(await page.getByLabel("Saturday, hours 1: to").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("button", { name: "Save changes" }).isDisabled()).toBe(true);
    await tabTo("Saturday, hours 1: from", "Shift+Tab");
    await tabTo("Saturday, hours 1: to");
    await page.keyboard.type("0100PM");
    await expect.poll(() => page.getByText("The end must be after the start.").count()).toBe(0);
    await tabTo("Save changes");
    await page.keyboard.press("Enter");
    await page.getByText("Availability saved").waitFor();
    expect(await page.getByLabel("Saturday, hours 1: to").inputValue()).toBe("13:00");
    await page.context().close();
  });

  it.each([
    ["en", "This range overlaps another one on the same day.", "Enter a whole number from 1 to 240."],
    ["pl", "Ten przedział nakłada się na inny tego samego dnia.", "Podaj liczbę całkowitą od 1 do 240."],
  ])("says what is wrong in the interface language (%s)", async (language, overlap, outOfRange) => {
    const page = await newPage();
    await signUp(page);
    await page.addInitScript((code) => localStorage.setItem("language", code), language);
    await page.goto("/availability");
    const monday = page.locator("fieldset[data-weekday='1']");
    await monday.locator("[data-add-range]").click();
    const inputs = monday.locator("input[type=time]");
    await expect.poll(() => inputs.count()).toBe(4);
    await inputs.nth(2).fill("16:00");
    await inputs.nth(3).fill("18:00");
    await monday.getByText(overlap).waitFor();
    expect(await inputs.nth(2).getAttribute("aria-invalid")).toBe("true");

    await page.getByRole("tab").nth(2).click();
    const step = page.locator("input[type=number]").last();
    await step.fill("500");
    await page.getByText(outOfRange).waitFor();
    expect(await step.getAttribute("aria-invalid")).toBe("true");
    await page.context().close();
  });

  it("asks before a link inside the portal throws away unsaved changes", async () => {
    const page = await newPage();
    await signUp(page, "/availability");
    await page.getByRole("button", { name: "Add hours on Saturday" }).click();
    await page.getByLabel("Saturday, hours 1: from").fill("10:00");
    await page.getByLabel("Saturday, hours 1: to").fill("12:00");
    await page.getByText("Unsaved changes").waitFor();
    const calls = page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Calls" });

    await calls.click();
    const question = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await question.waitFor();
    await question.getByRole("button", { name: "Cancel" }).click();
    await question.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/availability");
    expect(await page.getByLabel("Saturday, hours 1: to").inputValue()).toBe("12:00");

    await calls.click();
    await question.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL("**/calls");
    await page.context().close();
  });

  it("shows all three tabs whole and clickable at 360 px in Polish, wrapping rather than scrolling", async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    await signUp(page);
    await page.evaluate(() => localStorage.setItem("language", "pl"));
    await page.goto("/availability");
    const tabs = page.getByRole("tab");
    await tabs.first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("pl");
    expect(await tabs.allTextContents()).toEqual([
      "Harmonogram tygodniowy",
      "Dni zablokowane",
      "Zasady buforów",
    ]);
    for (const tab of await tabs.all()) {
      const box = await tab.boundingBox();
      if (!box) throw new Error("a tab is not laid out");
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      // Nothing covers or clips it: its far corner is its own (a list scrolled past it would show another).
      const ownsCorner = await tab.evaluate(
        (element, { x, y }) => {
          const found = document.elementFromPoint(x, y);
          return found !== null && element.contains(found);
        },
        { x: box.x + box.width - 1, y: box.y + box.height - 1 },
      );
      expect(ownsCorner).toBe(true);
      // A real click, where a user would aim; Playwright would scroll a hidden one into view first.
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true");
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});
