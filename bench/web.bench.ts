// Bundle weights and Lighthouse on the production build, served by the real server with its demo data.
import { chromium } from "playwright-core";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../src/server/demo/seed-demo";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import type { ServerProcess } from "../tests/support/server-process";
import { initialWeight } from "./bundle-size";
import { signIn } from "./http-session";
import { type LighthouseScores, lighthouseMedian } from "./lighthouse";
import type { Figure } from "./report";

const DEMO = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
const LIGHTHOUSE_RUNS = 3;

export async function webBench({ baseURL }: ServerProcess): Promise<Figure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const figures: Figure[] = [];
  try {
    const guest = await browser.newContext({ baseURL });
    const signInPage = await initialWeight(await guest.newPage(), "/auth/sign-in");
    const staff = await browser.newContext({ baseURL });
    const page = await staff.newPage();
    await page.goto("/auth/sign-in");
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/dashboard");
    const dashboard = await initialWeight(await staff.newPage(), "/dashboard", [
      "protected-area-",
      "dashboard-page-",
    ]);
    const calls = await initialWeight(await staff.newPage(), "/calls", ["protected-area-", "calls-page-"]);
    const availability = await initialWeight(await staff.newPage(), "/availability", [
      "protected-area-",
      "availability-page-",
    ]);
    const services = await initialWeight(await staff.newPage(), "/services", [
      "protected-area-",
      "services-page-",
    ]);
    const bookings = await initialWeight(await staff.newPage(), "/bookings", [
      "protected-area-",
      "bookings-page-",
    ]);
    const bookingsCalendar = await initialWeight(await staff.newPage(), "/bookings?view=calendar", [
      "protected-area-",
      "bookings-page-",
      "bookings-calendar-",
    ]);
    const settings = await initialWeight(await staff.newPage(), "/settings", [
      "protected-area-",
      "settings-page-",
    ]);
    for (const [route, weight, budget] of [
      ["/auth/sign-in", signInPage, 130],
      ["/dashboard", dashboard, 200],
      ["/calls", calls, 200],
      ["/availability", availability, 200],
      ["/services", services, 200],
      ["/bookings", bookings, 200],
      ["/bookings?view=calendar", bookingsCalendar, 200],
      ["/settings", settings, 200],
    ] as const) {
      figures.push(
        {
          name: `${route} initial JS (gzip)`,
          value: weight.critical.jsKB,
          unit: "KB",
          budget: `≤ ${budget} KB`,
        },
        { name: `${route} initial CSS (gzip)`, value: weight.critical.cssKB, unit: "KB" },
        { name: `${route} JS incl. deferred parts`, value: weight.loaded.jsKB, unit: "KB" },
      );
    }
  } finally {
    await browser.close();
  }

  // Issue 7's method: the median of three runs per page, each beside the budget of every page; issue 21's
  // budgets: performance ≥ 90 on a phone (Lighthouse's default emulation) and ≥ 98 on a desktop (its preset).
  const signedIn = async () => ({ Cookie: (await signIn(baseURL, DEMO.email, DEMO.password)).cookie });
  const hosts: LighthouseScores["host"][] = [];
  for (const [route, headers] of [
    ["/auth/sign-in", undefined],
    ["/dashboard", signedIn],
    ["/calls", signedIn],
    ["/availability", signedIn],
    ["/services", signedIn],
    ["/bookings", signedIn],
    ["/bookings?view=calendar", signedIn],
    ["/settings", signedIn],
  ] as const) {
    for (const [formFactor, budget] of [
      ["mobile", "≥ 90"],
      ["desktop", "≥ 98"],
    ] as const) {
      // A fresh session per run: Lighthouse sends the cookie on every request, rotation allows one use.
      const { scores, runs, errors } = await lighthouseMedian(
        `${baseURL}${route}`,
        LIGHTHOUSE_RUNS,
        formFactor,
        headers,
      );
      if (!scores) {
        figures.push({
          name: `Lighthouse ${route} (${formFactor})`,
          value: Number.NaN,
          unit: "",
          note: errors.at(-1),
        });
        continue;
      }
      const partial =
        runs < LIGHTHOUSE_RUNS
          ? { note: `median of ${runs}: ${errors.at(-1)}` }
          : errors.length
            ? { note: `${errors.length} failed run(s) made up for: ${errors.at(-1)?.slice(-80)}` }
            : {};
      if (formFactor === "mobile") hosts.push(scores.host);
      const { fcp, lcp, tbt, speedIndex, cls } = scores.metrics;
      const ms = (value: number) => Math.round(value);
      figures.push(
        {
          name: `Lighthouse ${route} performance (${formFactor})`,
          value: scores.performance,
          unit: "",
          budget,
          ...partial,
        },
        { name: `  first contentful paint`, value: ms(fcp), unit: "ms" },
        { name: `  largest contentful paint`, value: ms(lcp), unit: "ms" },
        { name: `  total blocking time`, value: ms(tbt), unit: "ms" },
        { name: `  speed index`, value: ms(speedIndex), unit: "ms" },
        { name: `  cumulative layout shift`, value: Number(cls.toFixed(3)), unit: "" },
        {
          name: `Lighthouse ${route} accessibility (${formFactor})`,
          value: scores.accessibility,
          unit: "",
          budget: "100",
        },
        {
          name: `Lighthouse ${route} best practices (${formFactor})`,
          value: scores.bestPractices,
          unit: "",
          budget: "100",
        },
      );
    }
  }
  if (hosts.length) {
    const indexes = hosts
      .map((host) => host.benchmarkIndex)
      .filter((index) => !Number.isNaN(index))
      .sort((a, b) => a - b);
    figures.push({
      name: "Lighthouse host benchmark index (median of pages)",
      value: indexes.length ? Math.round(indexes[indexes.length >> 1]!) : Number.NaN,
      unit: "",
      note: `Chromium ${hosts[0]!.chromium}; scores compare only between runs on one host and browser`,
    });
  }
  return figures;
}
