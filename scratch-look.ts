import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium";
import { startServerProcess } from "./tests/support/server-process";

const server = await startServerProcess();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && console.log("console:", m.text()));
  await page.goto("/auth/sign-up");
  await page.getByLabel("Email").fill(`look-${Date.now()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByLabel("Confirm password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await page.waitForURL("**/dashboard");
  const mk = (id: string, start: string, end: string, status: string, name: string) => ({
    _id: id, customerName: name, customerPhone: "+15550001111", serviceId: null, serviceName: "Colour & Cut",
    startTime: start, endTime: end, status, createdAt: "2026-11-20T10:00:00Z", source: "assistant", callId: null, version: 1,
  });
  const list = [
    mk("b1", "2026-11-24T14:00:00Z", "2026-11-24T15:00:00Z", "pending", "Grace Hopper"),
    mk("b2", "2026-11-24T14:30:00Z", "2026-11-24T15:30:00Z", "cancelled", "Ada Lovelace"),
    mk("b3", "2026-11-25T19:00:00Z", "2026-11-25T19:45:00Z", "confirmed", "Alan Turing"),
    mk("b4", "2026-11-23T16:00:00Z", "2026-11-23T16:30:00Z", "completed", "Barbara Liskov"),
    mk("b5", "2026-11-24T17:00:00Z", "2026-11-24T17:30:00Z", "confirmed", "Edsger Dijkstra"),
    mk("b6", "2026-11-24T18:00:00Z", "2026-11-24T18:30:00Z", "confirmed", "Donald Knuth"),
  ];
  await context.route(/\/api\/bookings(\?.*)?$/, (route) =>
    route.fulfill({ json: { success: true, data: { data: list, total: list.length, page: 1, totalPages: 1 } } }),
  );
  await context.route(/\/api\/bookings\/b\d$/, (route) =>
    route.fulfill({
      json: {
        success: true,
        data: {
          ...list[0], notes: "Window seat", durationMinutes: 60, price: 45,
          timeline: [{ _id: "e1", at: "2026-11-20T10:00:00Z", action: "create", actor: { kind: "assistant", name: "Front desk" }, fromStatus: null, toStatus: "pending", fromStartTime: null, toStartTime: list[0]!.startTime, fromEndTime: null, toEndTime: list[0]!.endTime }],
          call: { _id: "c1", fromNumber: "+15550001111", startTime: "2026-11-20T09:58:00Z", duration: 125, status: "completed", outcome: "booked", summary: "Booked a cut", recordingUrl: null },
        },
      },
    }),
  );
  const dir = process.argv[2] ?? "/tmp/c2";
  await page.goto("/bookings?view=calendar&date=2026-11-24");
  await page.locator("[data-calendar=week] [data-booking]").first().waitFor();
  await page.screenshot({ path: `${dir}/week.png`, fullPage: true });
  await page.goto("/bookings?view=calendar&span=month&date=2026-11-24");
  await page.locator("[data-calendar=month] [data-booking]").first().waitFor();
  await page.screenshot({ path: `${dir}/month.png`, fullPage: true });
  await page.locator("[data-booking=b1]").click();
  await page.getByRole("dialog").getByText("Timeline").waitFor();
  await page.screenshot({ path: `${dir}/panel.png` });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.keyboard.press("Escape");
  await page.goto("/bookings?view=calendar&date=2026-11-24");
  await page.locator("[data-calendar=agenda] [data-booking]").first().waitFor();
  await page.screenshot({ path: `${dir}/narrow-week.png`, fullPage: true });
  await page.goto("/bookings?view=calendar&span=month&date=2026-11-24");
  await page.locator("[data-calendar=month] [data-booking]").first().waitFor();
  await page.screenshot({ path: `${dir}/narrow-month.png`, fullPage: true });
  console.log("scroll", await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]));
} finally {
  await browser.close();
  await server.stop();
}
