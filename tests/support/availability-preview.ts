import type { Page } from "playwright-core";

const pad = (value: number) => String(value).padStart(2, "0");
const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The days from Monday of the week `weeksAhead` from now, on the business's calendar (a new business is in America/New_York). */
export function nextWeek(weeksAhead = 1) {
  const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" })
    .format(new Date())
    .split("-")
    .map(Number);
  const monday = new Date(year!, month! - 1, day!, 12);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7) + 7 * weeksAhead);
  return Array.from({ length: 7 }, (_, index) => {
    const date = new Date(monday);
    date.setDate(monday.getDate() + index);
    return {
      iso: isoDay(date),
      us: `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`,
    };
  });
}

/** The preview's times on one day, as shown. */
export const previewTimes = (page: Page, day: string) =>
  page.locator(`[data-preview-week] [data-day="${day}"] li`).allTextContents();
