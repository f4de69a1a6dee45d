import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LIVE_REFRESH_MS } from "../../src/client/lib/live-refresh";
import {
  browserForFile,
  callReport,
  connectVapi,
  connectVapiWithDeliveries,
  countRequests,
  deliverAsVapi,
  expectNoAxeViolations,
  focusedControl,
  pausePageClock,
  pressTwice,
  reportCall,
  runPageClockUntilVisible,
  signUp,
  signUpThroughForm,
  staffApi,
} from "../support/browser";
import { fixtureText } from "../support/platform-deliveries";

const { newPage } = browserForFile();

describe("Settings → Voice assistant keys", () => {
  it("creates a key shown once, which works for the assistant API until it is revoked", async () => {
    const page = await newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUp(page, "/settings");
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.getByText("No keys yet. Create one to connect your assistant.").waitFor();
    expect(await card.getByLabel("Server address for your assistant").inputValue()).toBe(
      `${new URL(page.url()).origin}/api/assistant`,
    );
    await card.getByText("X-Api-Key").waitFor();

    // name required
    await card.getByRole("button", { name: "Create key" }).click();
    await card.getByText("Enter a name for the key.").waitFor();
    expect(await card.getByLabel("Key name").getAttribute("aria-invalid")).toBe("true");

    // A creation that fails keeps the name typed, to try again.
    await page.route(
      "**/api/assistant/keys",
      (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ success: false, error: { code: "INTERNAL", message: "Internal error" } }),
        }),
      { times: 1 },
    );
    await card.getByLabel("Key name").fill("Front desk line");
    await card.getByRole("button", { name: "Create key" }).click();
    await page.getByText("Could not create the key").waitFor();
    await card.getByRole("button", { name: "Create key" }).waitFor();
    expect(await card.getByLabel("Key name").inputValue()).toBe("Front desk line");

    await card.getByRole("button", { name: "Create key" }).click();
    await page.getByText("Key created").waitFor();
    expect(await card.getByLabel("Key name").inputValue()).toBe("");
    const field = card.getByLabel("Your new key");
    await field.waitFor();
    const key = await field.inputValue();
    expect(key.length).toBeGreaterThan(20);
    expect(await field.getAttribute("readonly")).not.toBeNull();
    await card.getByText("Copy this key now and keep it safe. It will not be shown again.").waitFor();

    await card.getByRole("button", { name: "Copy key" }).click();
    await card.getByRole("button", { name: "Copied", exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const row = card.getByRole("listitem").filter({ hasText: "Front desk line" });
    await row.getByText("Never used").waitFor();
    expect(await row.innerText()).toMatch(new RegExp(`••••\\s*(ending in\\s*)?${key.slice(-4)}`));

    // the key works for the assistant API
    const accepted = await reportCall(key, callReport());
    expect(accepted.status).toBeLessThan(300);

    // once dismissed, the key is never shown again, not even after a reload
    await card.getByRole("button", { name: "I have copied the key" }).click();
    await page.reload();
    await row.waitFor();
    expect(await page.getByText(key).count()).toBe(0);
    expect(await card.getByLabel("Your new key").count()).toBe(0);
    await row.getByText(/Last used .*ago/).waitFor();

    // Revoke asks first; Escape cancels and keeps the key
    await row.getByRole("button", { name: "Revoke key Front desk line" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Revoke the key “Front desk line”?" });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    // focus stays inside the dialog
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await reportCall(key, callReport())).status).toBeLessThan(300);

    await row.getByRole("button", { name: "Revoke key Front desk line" }).click();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await page.getByText("Key revoked").waitFor();
    await card.getByText("No keys yet. Create one to connect your assistant.").waitFor();
    // The only key gone, focus is on the list's heading rather than on the page.
    await expect.poll(() => focusedControl(page)).toBe("Keys");
    expect((await reportCall(key, callReport())).status).toBe(401);
    await page.context().close();
  });

  it("keeps the focus on Create key while it creates and after a failure, from the keyboard", async () => {
    const page = await newPage();
    await signUp(page, "/settings");
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.getByLabel("Key name").fill("Front desk line");

    // From the keyboard, a creation the server fails: the button keeps the focus while it works and after.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route("**/api/assistant/keys", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await answered;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: { code: "INTERNAL", message: "Internal error" } }),
      });
    });
    await card.getByRole("button", { name: "Create key" }).focus();
    await page.keyboard.press("Enter");
    await card.getByRole("button", { name: "Creating…" }).waitFor();
    answer();
    await page.getByText("Could not create the key").waitFor();
    await card.getByRole("button", { name: "Create key" }).waitFor();
    await expect.poll(() => focusedControl(page)).toBe("Create key");
    await page.context().close();
  });

  it("creates one key for a double press on Create key, and revokes it once for a double press on Revoke", async () => {
    const page = await newPage();
    await signUp(page, "/settings");
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.getByLabel("Key name").fill("Front desk line");
    const creations = countRequests(page, "POST", "/api/assistant/keys");
    await pressTwice(card.getByRole("button", { name: "Create key" }));
    await page.getByText("Key created").waitFor();
    const rows = card.getByRole("listitem").filter({ hasText: "Front desk line" });
    await rows.first().waitFor();
    expect(creations()).toBe(1);
    expect(await rows.count()).toBe(1);

    // The question's Revoke pressed twice revokes once (a second would be refused: the key is gone).
    await card.getByRole("button", { name: "I have copied the key" }).click();
    await rows.getByRole("button", { name: "Revoke key Front desk line" }).click();
    const revocations = countRequests(page, "DELETE", /^\/api\/assistant\/keys\/[^/]+$/);
    await pressTwice(page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }));
    await page.getByText("Key revoked").waitFor();
    await card.getByText("No keys yet. Create one to connect your assistant.").waitFor();
    expect(revocations()).toBe(1);
    expect(await page.getByText("Could not revoke the key").count()).toBe(0);
    await page.context().close();
  });

  it("takes a key another tab revoked meanwhile as revoked: the question closes and focus moves on", async () => {
    const page = await newPage();
    await signUp(page, "/settings");
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.getByLabel("Key name").fill("Front desk line");
    await card.getByRole("button", { name: "Create key" }).click();
    await card.getByRole("button", { name: "I have copied the key" }).click();
    const [listed] = await staffApi<{ _id: string }[]>(page, "GET", "/api/assistant/keys");
    await card.getByRole("button", { name: "Revoke key Front desk line" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Revoke the key “Front desk line”?" });
    await dialog.waitFor();
    await staffApi(page, "DELETE", `/api/assistant/keys/${listed?._id}`);
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await page.getByText("This key had already been revoked").waitFor();
    await dialog.waitFor({ state: "detached" });
    await card.getByText("No keys yet. Create one to connect your assistant.").waitFor();
    expect(await page.getByText("Could not revoke the key").count()).toBe(0);
    // As after a revocation of its own: the list's heading, not <body>.
    await expect.poll(() => focusedControl(page)).toBe("Keys");
    await page.context().close();
  });

  it("shows one notification at a time: a new one sends the one on screen away", async () => {
    const page = await newPage();
    await page.clock.install();
    await signUpThroughForm(page);
    const toasts = page.locator("[data-scope='toast'][data-part='root']");
    await toasts.filter({ hasText: "Welcome to CallDesk!" }).waitFor();
    await page.getByRole("link", { name: "Settings" }).first().click();
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.getByLabel("Key name").fill("Second line");
    await pausePageClock(page);
    await card.getByRole("button", { name: "Create key" }).click();
    // Within 1.5 s of fake time, long before the welcome's 5 s: the new toast shows and the welcome has gone.
    await runPageClockUntilVisible(page, toasts.filter({ hasText: "Key created" }));
    expect(await toasts.count()).toBe(1);
    expect(await toasts.filter({ hasText: "Welcome to CallDesk!" }).count()).toBe(0);
    await card.getByLabel("Your new key").waitFor();
    await page.context().close();
  });
});

describe("Settings → Voice assistant on Vapi", () => {
  it("connects with a URL and a secret shown once, lists a delivery, rotates the secret and disconnects", async () => {
    const page = await newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUp(page, "/settings");
    const card = page.getByRole("region", { name: "Voice assistant" });
    // A business without a connection starts on our own API, as before.
    await card.getByText("No keys yet. Create one to connect your assistant.").waitFor();
    await card.locator("[data-scope=segment-group][data-part=item]", { hasText: "Vapi" }).click();
    await card.getByRole("button", { name: "Connect Vapi" }).click();
    await page
      .getByText("Vapi connected successfully! Paste the URL into Vapi to receive its calls.")
      .waitFor();

    const url = await card.getByLabel("Server URL for Vapi").inputValue();
    expect(url).toMatch(new RegExp(`^${new URL(page.url()).origin}/api/integrations/vapi/[0-9a-f-]{36}$`));
    const secretField = card.getByLabel("Secret", { exact: true });
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^cds_/);
    await card.getByText("You will not see it again").waitFor();
    await card.getByText("No event received yet. Make a test call to your assistant.").waitFor();
    await expectNoAxeViolations(page);
    await card.getByRole("button", { name: "Copy the secret" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await card.getByRole("button", { name: "I have copied the secret" }).click();
    expect(await secretField.count()).toBe(0);

    // Vapi delivers a call; the card shows it arrived, and never the secret again.
    expect((await deliverAsVapi(url, secret, fixtureText("vapi", "end-of-call-report"))).status).toBe(200);
    await page.reload();
    const delivery = card.locator("[data-delivery=accepted]");
    await delivery.getByText("end-of-call-report").waitFor();
    await delivery.getByText("accepted").waitFor();
    await card.getByText(/^Last event received .* ago \(.+\)$/).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    expect(await card.getByRole("radio", { name: "Vapi" }).isChecked()).toBe(true);

    await card.getByRole("button", { name: "Rotate secret" }).click();
    const rotate = page.getByRole("alertdialog", { name: "Rotate the Vapi secret?" });
    await rotate.waitFor();
    await expectNoAxeViolations(page);
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByText("Secret rotated successfully.").waitFor();
    // Focus is where the work is: the new secret, then Connect where the connection was.
    const focused = (locator: typeof secretField) =>
      locator.evaluate((element) => element === document.activeElement);
    await expect.poll(() => focused(secretField)).toBe(true);
    const rotated = await secretField.inputValue();
    expect(rotated).not.toBe(secret);
    await card.getByRole("button", { name: "I have copied the secret" }).click();
    expect((await deliverAsVapi(url, secret, fixtureText("vapi", "end-of-call-report"))).status).toBe(401);

    await card.getByRole("button", { name: "Remove connection" }).click();
    const remove = page.getByRole("alertdialog", { name: "Remove the Vapi connection?" });
    await remove.getByRole("button", { name: "Remove connection" }).click();
    await page.getByText("Vapi disconnected successfully.").waitFor();
    await expect.poll(() => focused(card.getByRole("button", { name: "Connect Vapi" }))).toBe(true);
    expect((await deliverAsVapi(url, rotated, fixtureText("vapi", "end-of-call-report"))).status).toBe(404);
    await page.context().close();
  });
});

describe("Settings → Voice assistant: focus through a failure", () => {
  it("stays on Connect Vapi after a failed connect, and on Rotate secret in the question after a failed rotation", async () => {
    const page = await newPage();
    await signUp(page, "/settings");
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.getByText("No keys yet. Create one to connect your assistant.").waitFor();
    await card.locator("[data-scope=segment-group][data-part=item]", { hasText: "Vapi" }).click();
    const failed = (route: Route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: { code: "INTERNAL", message: "Internal error" } }),
      });
    await page.route("**/api/assistant-connections", (route) =>
      route.request().method() === "POST" ? failed(route) : route.fallback(),
    );
    await card.getByRole("button", { name: "Connect Vapi" }).click();
    await page.getByText("Failed to connect Vapi.").waitFor();
    await expect.poll(() => focusedControl(page)).toBe("Connect Vapi");
    await page.unroute("**/api/assistant-connections");

    await card.getByRole("button", { name: "Connect Vapi" }).click();
    await card.getByRole("button", { name: "I have copied the secret" }).click();
    await page.route("**/api/assistant-connections/*/rotate-secret", failed);
    await card.getByRole("button", { name: "Rotate secret" }).click();
    const rotate = page.getByRole("alertdialog", { name: "Rotate the Vapi secret?" });
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByText("Failed to rotate the secret.").waitFor();
    await expect.poll(() => focusedControl(page)).toBe("Rotate secret");
    expect(await rotate.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.context().close();
  });
});

describe("Settings → Voice assistant: tools, reasons and deliveries as they arrive", () => {
  const TOOL_NAMES = [
    "find_free_slots",
    "book_appointment",
    "list_caller_bookings",
    "reschedule_booking",
    "cancel_booking",
    "get_business_info",
  ];
  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  it("gives Vapi's tool definitions to copy, each and all at once, where the keyboard reaches them", async () => {
    const page = await newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUp(page, "/settings");
    const { _id } = await connectVapi(page);
    await page.reload();
    const card = page.getByRole("region", { name: "Voice assistant" });
    const tools = card.getByRole("region", { name: "Booking tools" });
    await tools.getByText("In Vapi, create each one under Tools → Create Tool", { exact: false }).waitFor();
    const toggle = tools.getByRole("button", { name: "Tool definitions" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await tools.locator("[data-tool]").nth(5).waitFor();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(
      await tools.locator("[data-tool]").evaluateAll((items) => items.map((item) => item.dataset.tool)),
    ).toEqual(TOOL_NAMES);
    const served = await staffApi<{ tools: unknown[] }>(
      page,
      "GET",
      `/api/assistant-connections/${_id}/tools`,
    );

    // One tool's JSON, exactly as the server gives it, to paste as it is.
    await tools.getByRole("button", { name: "Copy book_appointment", exact: true }).click();
    const one = JSON.parse(await clipboard(page)) as { function: { name: string } };
    expect(one).toEqual(served.tools[1]);
    // No server URL of its own: Vapi sends it to the assistant's, the connection's, with its credential.
    expect(one).not.toHaveProperty("server");
    await tools.getByText("Leave each tool's own server URL empty", { exact: false }).waitFor();
    await tools.getByRole("button", { name: "Copy all 6 tools as JSON" }).click();
    expect(JSON.parse(await clipboard(page))).toEqual(served.tools);

    // The JSON scrolls in its own region, named and reachable with Tab.
    const json = tools.getByRole("region", { name: "find_free_slots JSON for Vapi" });
    await tools.getByRole("button", { name: "Copy find_free_slots", exact: true }).focus();
    await page.keyboard.press("Tab");
    expect(await json.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("gives each Retell custom function's URL and parameters to copy", async () => {
    const page = await newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signUp(page, "/settings");
    const { webhookUrl } = await staffApi<{ webhookUrl: string }>(
      page,
      "POST",
      "/api/assistant-connections",
      {
        data: { provider: "retell", apiKey: "key_a1b2c3d4e5f6a7b8c9d0" },
      },
    );
    await page.reload();
    const tools = page.getByRole("region", { name: "Booking tools" });
    await tools.getByText("In Retell, add each one to your agent", { exact: false }).waitFor();
    await tools.getByRole("button", { name: "Tool definitions" }).click();
    const cancel = tools.locator("[data-tool=cancel_booking]");
    expect(await cancel.getByLabel("URL", { exact: true }).inputValue()).toBe(
      `${webhookUrl}/tools/cancel_booking`,
    );
    await cancel.getByRole("button", { name: "Copy the URL of cancel_booking" }).click();
    expect(await clipboard(page)).toBe(`${webhookUrl}/tools/cancel_booking`);
    await cancel.getByRole("button", { name: "Copy the parameters of cancel_booking" }).click();
    expect(JSON.parse(await clipboard(page))).toMatchObject({ type: "object", required: ["bookingId"] });
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("words a refused delivery's reason in the owner's language, from its code", async () => {
    const page = await newPage();
    await page.addInitScript(() => localStorage.setItem("language", "pl"));
    await signUp(page, "/settings");
    // A call, a wrong secret and a message that cannot be read.
    await connectVapiWithDeliveries(page);
    await page.reload();
    const refused = page.locator("[data-delivery=refused]");
    await refused
      .getByText(
        "Wysłany sekret nie pasuje do sekretu tego połączenia. Wklej aktualny sekret do poświadczenia na platformie.",
      )
      .waitFor();
    // The message that could not be read: the card's words, then the server's English naming the field.
    const unreadable = refused.locator("[data-reason-code=unreadable_payload]");
    expect(await unreadable.innerText()).toMatch(/^Nie dało się odczytać wiadomości: message\.\S+ must be/);
    expect(await unreadable.locator("code").getAttribute("lang")).toBe("en");
    await page.context().close();
  });

  it("names each button of the tool definitions after the words it shows, in German too (WCAG 2.5.3)", async () => {
    const page = await newPage();
    await page.addInitScript(() => localStorage.setItem("language", "de"));
    await signUp(page, "/settings");
    await connectVapi(page);
    await page.reload();
    await page.locator("[data-tools-toggle]").click();
    await page.locator("[data-tool]").nth(5).waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("shows a delivery that arrives while the card is open, without a reload", async () => {
    const page = await newPage();
    // The list's own timers on a clock the test moves: no waiting out real time.
    await page.clock.install();
    await signUp(page, "/settings");
    const { webhookUrl, secret } = await connectVapi(page);
    await page.reload();
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.getByText("No event received yet. Make a test call to your assistant.").waitFor();

    expect((await deliverAsVapi(webhookUrl, secret, fixtureText("vapi", "end-of-call-report"))).status).toBe(
      200,
    );
    await page.clock.fastForward(LIVE_REFRESH_MS + 500);
    await card.locator("[data-delivery=accepted]").getByText("end-of-call-report").waitFor();
    await card.getByText(/^Last event received .* ago \(.+\)$/).waitFor();
    expect(await card.getByText("No event received yet.", { exact: false }).count()).toBe(0);
    await page.context().close();
  });
});

describe("axe finds no violations on Settings, in either theme", () => {
  it("with no key, a new key shown once, the key list and the revoke dialog", async () => {
    const page = await newPage();
    await signUp(page, "/settings");
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.getByText("No keys yet. Create one to connect your assistant.").waitFor();
    await expectNoAxeViolations(page);

    await card.getByLabel("Key name").fill("Main line");
    await card.getByRole("button", { name: "Create key" }).click();
    await card.getByLabel("Your new key").waitFor();
    await card.getByRole("listitem").filter({ hasText: "Main line" }).waitFor();
    await expectNoAxeViolations(page);

    await card.getByRole("button", { name: "Revoke key Main line" }).click();
    await page.getByRole("alertdialog").waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("with Retell: its API key refused, connected, and the dialog that replaces the key", async () => {
    const page = await newPage();
    await signUp(page, "/settings");
    const card = page.getByRole("region", { name: "Voice assistant" });
    await card.locator("[data-scope=segment-group][data-part=item]", { hasText: "Retell" }).click();
    await card.getByLabel("Retell API key").fill("not a key");
    await card.getByRole("button", { name: "Connect Retell" }).click();
    await card.getByText("Enter your Retell API key: 8 to 200 characters, no spaces.").waitFor();
    expect(await card.getByLabel("Retell API key").getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page);

    await card.getByLabel("Retell API key").fill("key_a1b2c3d4e5f6a7b8c9d0");
    await card.getByRole("button", { name: "Connect Retell" }).click();
    await page
      .getByText("Retell connected successfully! Paste the URL into Retell to receive its calls.")
      .waitFor();
    await card.getByLabel("Webhook URL for Retell").waitFor();
    // Retell signs with the owner's own key: there is no secret of ours to show.
    expect(await card.getByLabel("Secret", { exact: true }).count()).toBe(0);
    await card.getByRole("button", { name: "Replace API key" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Replace the Retell API key?" });
    await dialog.getByRole("textbox", { name: "Retell API key" }).waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});
