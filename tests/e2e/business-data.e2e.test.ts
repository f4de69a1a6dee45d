import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  browserForFile,
  callReport,
  countRequests,
  createAssistantKey,
  expectNoAxeViolations,
  focusedControl,
  holdRequests,
  originOf,
  PASSWORD,
  pressTwice,
  reportCallOk,
  signIn,
  signUp,
  signUpThroughForm,
  toast,
} from "../support/browser";
import { readZip } from "../support/read-zip";
import { sidewaysOverflow } from "../support/sideways-overflow";

const { newPage } = browserForFile();

// signUp's addresses are @example.com: the business is named after the domain.
const BUSINESS = "Example";

describe("Settings → Your data", () => {
  it("exports every table as a zip read back whole, then deletes the business once its name is typed, ending on sign-in for good", async () => {
    const page = await newPage({ acceptDownloads: true, viewport: { width: 360, height: 800 } });
    const email = await signUp(page, "/settings");
    const key = await createAssistantKey(page);
    const callId = await reportCallOk(key, callReport({ callerName: "Grace Hopper" }));
    await page.getByRole("heading", { name: "Your data" }).scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(page)).toEqual([]);

    // The call recordings, which can weigh gigabytes, only when asked for (recordings.e2e.test.ts asks).
    const recordings = page.getByRole("checkbox", { name: "Include call recordings" });
    expect(await recordings.isChecked()).toBe(false);
    // By keyboard, its hint read with it.
    expect(
      await recordings
        .getAttribute("aria-describedby")
        .then((id) => page.locator(`[id="${id}"]`).innerText()),
    ).toBe("Each kept recording as an audio file. The download can be very large.");
    await recordings.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => recordings.isChecked()).toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => recordings.isChecked()).toBe(false);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export all data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^calldesk-Example-\d{4}-\d{2}-\d{2}\.zip$/);
    // The browser runs apart from the test: the file is read through Playwright, as it saved it.
    const files = await readZip(await buffer(await download.createReadStream()));
    expect(files.get("readme.txt")).toContain("calls.jsonl, calls.csv: ");
    expect(files.get("readme.txt")).toContain("recordings/: not in this export.");
    expect([...files.keys()].filter((path) => path.startsWith("recordings/"))).toEqual([]);
    const [call] = files
      .get("calls.jsonl")!
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(call).toMatchObject({ id: callId, caller_name: "Grace Hopper" });
    expect(files.get("users.jsonl")).toContain(email);
    expect(files.get("users.jsonl")).not.toContain("password_hash");
    await toast(page, "Your data was exported").waitFor();
    // The button kept the focus while the export ran.
    await expect.poll(() => focusedControl(page)).toBe("Export all data");
    await expectNoAxeViolations(page);

    // Keyboard only: the dialog opens on Cancel, the safe choice.
    await page.getByRole("button", { name: "Delete everything…" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Delete everything?" });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
    const typed = dialog.getByLabel(`Type ${BUSINESS} to confirm`);
    await typed.fill(BUSINESS.toLowerCase());
    await typed.press("Enter");
    await dialog
      .getByText("This is not the business's name. Type it exactly as shown, capitals and spaces included.")
      .waitFor();
    await expectNoAxeViolations(page);
    // A last export is offered in the dialog itself.
    await expect(dialog.getByRole("button", { name: "Download a last export" }).isVisible()).resolves.toBe(
      true,
    );
    // While it runs, deleting waits: the server would break an export whose business it deleted.
    const held = await holdRequests(page, "**/api/privacy/export");
    await dialog.getByRole("button", { name: "Download a last export" }).click();
    await dialog.getByRole("button", { name: "Exporting…" }).waitFor();
    expect(await dialog.getByRole("button", { name: "Delete everything", exact: true }).isDisabled()).toBe(
      true,
    );
    const lastDownload = page.waitForEvent("download");
    held.release();
    await lastDownload;
    await expect
      .poll(() => dialog.getByRole("button", { name: "Delete everything", exact: true }).isDisabled())
      .toBe(false);

    // Pressed twice, the deletion is asked for once.
    await typed.fill(BUSINESS);
    const deletions = countRequests(page, "POST", "/api/privacy/delete-business");
    await pressTwice(dialog.getByRole("button", { name: "Delete everything", exact: true }));
    await page.waitForURL("**/auth/sign-in");
    await toast(page, `${BUSINESS} and all its data were deleted`).waitFor();
    expect(deletions()).toBe(1);

    await signIn(page, email, PASSWORD);
    await page.getByText("Invalid email or password").waitFor();
    expect(page.url()).toMatch(/\/auth\/sign-in$/);
    const again = await page.request.post("/api/auth/sign-in", {
      data: { email, password: PASSWORD },
      headers: { Origin: originOf(page) },
    });
    expect(again.status()).toBe(401);

    // Nothing of the deleted business is remembered on this tab: whoever signs up next starts at the dashboard.
    await signUpThroughForm(page);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
  });
});
