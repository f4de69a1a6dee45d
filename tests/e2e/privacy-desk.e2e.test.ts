import { buffer } from "node:stream/consumers";
import type { ErasureReceipt } from "@shared/caller-data.schema";
import { describe, expect, it } from "vitest";
import { createBooking, setBookingStatus } from "../support/bookings";
import {
  browserForFile,
  callReport,
  createAssistantKey,
  createService,
  expectNoAxeViolations,
  focusedControl,
  holdRequests,
  reportCallOk,
  signUp,
  staffApi,
} from "../support/browser";
import { readZip } from "../support/read-zip";

const { newPage } = browserForFile();

const DAY_MS = 86_400_000;
const PHONE = "+1 718 555 0142";

describe("Settings → Privacy desk", () => {
  it("finds a caller, downloads their data, and erases it with a decision for their upcoming booking, showing a receipt", async () => {
    const page = await newPage({ acceptDownloads: true });
    await signUp(page, "/settings");
    const key = await createAssistantKey(page);
    await reportCallOk(
      key,
      callReport({
        callerNumber: PHONE,
        callerName: "Ada Lovelace",
        summary: "Ada asked for a cleaning.",
        transcript: [{ speaker: "caller", text: "Hello, Ada here.", offsetSeconds: 1 }],
        startedAt: new Date(Date.now() - DAY_MS).toISOString(),
      }),
    );
    const serviceId = await createService(page, {
      name: "Cleaning",
      duration: 30,
      price: 45,
      isActive: true,
    });
    const upcoming = await createBooking(page, {
      serviceId,
      startTime: new Date(Math.ceil(Date.now() / DAY_MS) * DAY_MS + 3 * DAY_MS).toISOString(),
      customerName: "Ada Lovelace",
      customerPhone: "+17185550142",
    });

    // From the Data protection card to the desk, by keyboard.
    const open = page.getByRole("link", { name: "Open the privacy desk" });
    await open.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Privacy desk" }).waitFor();
    await page.getByLabel("Phone number or name").fill("+1 (718) 555-0142");
    await page.keyboard.press("Enter");
    await page.getByText("1 call found, 1 booking found").waitFor();
    await page.getByText("Ada asked for a cleaning.").waitFor();
    await expectNoAxeViolations(page);

    // The download: the zip the browser saves holds her call with its transcript, and her booking.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download this caller's data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^caller-data-\d{4}-\d{2}-\d{2}\.zip$/);
    // The button kept the focus while the file was prepared.
    await expect.poll(() => focusedControl(page)).toBe("Download this caller's data");
    const files = await readZip(await buffer(await download.createReadStream()));
    expect(files.get("readme.txt")).toContain("transcripts.csv");
    expect(files.get("transcripts.csv")).toContain("Hello, Ada here.");
    expect(JSON.parse(files.get("bookings.json")!)).toMatchObject([{ _id: upcoming._id, upcoming: true }]);

    // Erasing asks first for the upcoming booking's fate.
    await page.getByRole("button", { name: "Erase this caller's data" }).click();
    await page.getByText("Choose whether to cancel or keep the upcoming booking first.").waitFor();
    await page.getByRole("radio", { name: /^Cancel the booking of/ }).check();
    await page.getByRole("button", { name: "Erase this caller's data" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Erase this caller's data?" });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    // While the erasure is on its way nothing backs out of it: not Cancel, Escape nor the backdrop.
    const erasing = await holdRequests(page, "**/api/privacy/caller/erase");
    await dialog.getByRole("button", { name: "Erase for good" }).click();
    const pending = dialog.getByRole("button", { name: "Erasing…" });
    await pending.waitFor();
    const cancel = dialog.getByRole("button", { name: "Cancel" });
    expect(await cancel.getAttribute("aria-disabled")).toBe("true");
    const attempts = [
      () => page.keyboard.press("Escape"),
      () => page.mouse.click(5, 5),
      () => cancel.click({ force: true }),
      () => pending.click({ force: true }),
    ];
    for (const attempt of attempts) {
      await attempt();
      expect(await dialog.getAttribute("data-state")).toBe("open");
    }
    expect(erasing.asked()).toBe(1);
    // Focus stays in the dialog (the buttons are aria-disabled, not disabled).
    expect(await page.evaluate(() => document.activeElement?.closest("[role=alertdialog]") != null)).toBe(
      true,
    );
    erasing.release();

    // The receipt: counts, who, and what is out of reach — no trace of her; it stays at its address.
    const receipt = page.getByTestId("erasure-receipt");
    await receipt.getByText("1 call: number, name, transcript, summary and recording link erased").waitFor();
    await receipt.getByText("1 booking: name, phone and notes erased (1 upcoming one cancelled)").waitFor();
    await receipt.getByText(/^Telegram messages already sent/).waitFor();
    const text = await receipt.innerText();
    for (const personal of ["Ada", "0142", "cleaning."]) expect(text).not.toContain(personal);
    const id = new URL(page.url()).searchParams.get("receipt");
    expect(await staffApi<ErasureReceipt>(page, "GET", `/api/privacy/caller/receipts/${id}`)).toMatchObject({
      calls: 1,
      bookings: 1,
      cancelledBookings: 1,
    });
    await expectNoAxeViolations(page);
    await page.reload();
    await receipt.getByText("Erased by").waitFor();

    // Nothing of her is found any more; the booking is cancelled.
    await page.getByRole("button", { name: "Look up another caller" }).click();
    await page.getByLabel("Phone number or name").fill(PHONE);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("Nothing found").waitFor();
    expect(await staffApi<{ status: string }>(page, "GET", `/api/bookings/${upcoming._id}`)).toMatchObject({
      status: "cancelled",
      customerName: "",
    });
    await page.context().close();
  });

  it("erases once the caller's bookings are read again after one was cancelled meanwhile, asking nothing of it", async () => {
    const page = await newPage();
    await signUp(page, "/settings/privacy-desk");
    const serviceId = await createService(page, {
      name: "Cleaning",
      duration: 30,
      price: 45,
      isActive: true,
    });
    const booking = await createBooking(page, {
      serviceId,
      startTime: new Date(Math.ceil(Date.now() / DAY_MS) * DAY_MS + 3 * DAY_MS).toISOString(),
      customerName: "Ada Lovelace",
      customerPhone: PHONE,
    });
    await page.getByLabel("Phone number or name").fill(PHONE);
    await page.keyboard.press("Enter");
    await page.getByText("0 calls found, 1 booking found").waitFor();
    await page.getByRole("radio", { name: /^Keep the booking of/ }).check();

    // The caller cancels it by phone while the desk is open: the erasure sent with a decision for it is refused.
    await setBookingStatus(page, booking._id, "cancelled");
    const eraseButton = page.getByRole("button", { name: "Erase this caller's data" });
    const dialog = page.getByRole("alertdialog", { name: "Erase this caller's data?" });
    await eraseButton.click();
    await dialog.getByRole("button", { name: "Erase for good" }).click();
    await page.getByText("Their upcoming bookings changed meanwhile", { exact: false }).waitFor();
    // Read again, the booking is no longer upcoming: nothing is asked of it, and the erasure goes through.
    await page.getByRole("radio", { name: /^Keep the booking of/ }).waitFor({ state: "detached" });
    await eraseButton.click();
    await dialog.getByRole("button", { name: "Erase for good" }).click();
    const receipt = page.getByTestId("erasure-receipt");
    await receipt.getByText("1 booking: name, phone and notes erased", { exact: false }).waitFor();
    await page.context().close();
  });
});
