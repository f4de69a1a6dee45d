import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Service } from "../../src/shared/service.schema";
import {
  browserForFile,
  createService,
  focusedControl,
  openedDialog,
  pausePageClock,
  runPageClockUntilVisible,
  signIn,
  signUp,
  staffApi,
  toast,
} from "../support/browser";

const { newPage } = browserForFile();

/** The cells' text, one line per paragraph. */
const cellTexts = async (row: ReturnType<Page["getByRole"]>) =>
  (await row.getByRole("cell").allInnerTexts()).map((text) => text.replace(/\n+/g, "\n").trim());

/** The row of the table that names this service. */
const rowOf = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByText(name, { exact: true }) });

describe("Services", () => {
  it("creates, validates, edits, toggles and deletes services with spec 8's toasts", async () => {
    const page = await newPage();
    await signUp(page, "/services");
    await page.getByRole("heading", { level: 1, name: "Services" }).waitFor();
    await page.getByText("No services found").waitFor();
    await page.getByText("No services created yet. Add your first service to get started.").waitFor();
    expect(await page.getByRole("link", { name: "Opening hours & availability" }).getAttribute("href")).toBe(
      "/availability",
    );

    // Create opens on spec 9's defaults.
    await page.getByRole("button", { name: "Add Service" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Service" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("");
    expect(await dialog.getByLabel("Duration (minutes)").inputValue()).toBe("30");
    expect(await dialog.getByLabel("Price (USD)").inputValue()).toBe("0");
    expect(await dialog.getByLabel("Category (optional)").inputValue()).toBe("");
    expect(await dialog.getByRole("checkbox", { name: /Active/ }).isChecked()).toBe(true);

    // Validation, with the spec's messages, checked before anything is sent.
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Service name is required").waitFor();
    expect(await dialog.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await dialog.getByLabel("Name").fill("Deep Tissue Massage");
    expect(await dialog.getByText("Service name is required").count()).toBe(0);
    await dialog.getByLabel("Duration (minutes)").fill("0");
    await dialog.getByLabel("Price (USD)").fill("19.999");
    await dialog.getByLabel("Minutes after").fill("300");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Duration must be at least 1 minute").waitFor();
    await dialog.getByText("Price can have at most two decimals").waitFor();
    await dialog
      .getByText("Enter whole minutes from 0 to 240, or leave empty for the business default")
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("duration");
    await dialog.getByLabel("Price (USD)").fill("-5");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Price cannot be negative").waitFor();

    await dialog.getByLabel("Description").fill("Sixty minutes, oils included");
    await dialog.getByLabel("Duration (minutes)").fill("60");
    await dialog.getByLabel("Price (USD)").fill("19.99");
    await dialog.getByLabel("Category (optional)").selectOption("wellness");
    await dialog.getByLabel("Minutes after").fill("10");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Service created successfully").waitFor();
    await dialog.waitFor({ state: "detached" });
    const massage = rowOf(page, "Deep Tissue Massage");
    await massage.waitFor();
    expect(await cellTexts(massage)).toEqual([
      "Deep Tissue Massage\nSixty minutes, oils included",
      "60 min",
      "$19.99",
      "active",
      "",
    ]);

    // Edit shows the service as saved; a price of zero shows as '-'.
    await massage.getByRole("button", { name: "Edit Deep Tissue Massage" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Service" });
    await edit.waitFor();
    expect(await edit.getByLabel("Price (USD)").inputValue()).toBe("19.99");
    expect(await edit.getByLabel("Category (optional)").inputValue()).toBe("wellness");
    expect(await edit.getByLabel("Minutes after").inputValue()).toBe("10");
    expect(await edit.getByLabel("Minutes before").inputValue()).toBe("");
    await edit.getByLabel("Price (USD)").fill("0");
    await edit.getByRole("button", { name: "Save" }).click();
    await toast(page, "Service updated successfully").waitFor();
    await expect.poll(() => massage.getByRole("cell").nth(2).innerText()).toBe("-");

    // The eye switches it off and on (the whole service sent with isActive inverted).
    await massage.getByRole("button", { name: "Deactivate Deep Tissue Massage" }).click();
    await massage.getByText("inactive", { exact: true }).waitFor();
    await toast(page, "Service updated successfully").waitFor();
    // The eye kept the focus while its change was on its way (now named for the way back).
    await expect.poll(() => focusedControl(page)).toBe("Activate Deep Tissue Massage");
    await massage.getByRole("button", { name: "Activate Deep Tissue Massage" }).click();
    await massage.getByText("active", { exact: true }).waitFor();
    expect((await cellTexts(massage))[0]).toBe("Deep Tissue Massage\nSixty minutes, oils included");

    // A second active service of the same name is refused; what was typed stays, the name says why.
    await page.getByRole("button", { name: "Add Service" }).click();
    await dialog.getByLabel("Name").fill("DEEP TISSUE MASSAGE");
    await dialog.getByLabel("Duration (minutes)").fill("45");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Failed to create service").waitFor();
    await dialog
      .getByText(
        "An active service with this name already exists. Choose another name or deactivate the other service.",
      )
      .waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("DEEP TISSUE MASSAGE");
    expect(await dialog.getByLabel("Duration (minutes)").inputValue()).toBe("45");
    expect(await dialog.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");

    // Cancel resets the form: the next Add starts from the defaults again.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Add Service" }).click();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("");
    expect(await dialog.getByLabel("Duration (minutes)").inputValue()).toBe("30");
    await dialog.getByLabel("Name").fill("Facial");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Service created successfully").waitFor();
    await rowOf(page, "Facial").waitFor();
    expect(await rowOf(page, "Facial").getByRole("cell").nth(2).innerText()).toBe("-");

    // Delete asks first; Cancel keeps the service, confirming removes it.
    await rowOf(page, "Facial").getByRole("button", { name: "Delete Facial" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete the service “Facial”?" });
    await confirm.waitFor();
    // Focus goes in as the dialog opens, a frame or so after it shows.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await rowOf(page, "Facial").getByRole("button", { name: "Delete Facial" }).click();
    await confirm.getByRole("button", { name: "Delete service" }).click();
    await toast(page, "Service deleted successfully").waitFor();
    await rowOf(page, "Facial").waitFor({ state: "detached" });
    expect(await page.getByRole("row").count()).toBe(2);
    // Focus went to the Delete of the row beside it, not to the page with the row.
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => focusedControl(page)).toBe("Delete Deep Tissue Massage");

    // What is on screen is what the server holds.
    await page.reload();
    await massage.waitFor();
    expect(await page.getByRole("row").count()).toBe(2);
    await page.context().close();
  });

  it("puts back nothing another tab saved: the eye and the edit dialog send what their user changed", async () => {
    const tabA = await newPage();
    const email = await signUp(tabA, "/services");
    const id = await createService(tabA, { name: "Cut", duration: 30, price: 25, isActive: true });
    // Tab B, another browser signed in as the same user, lists the services before tab A renames "Cut".
    const tabB = await newPage();
    await tabB.goto("/auth/sign-in");
    await signIn(tabB, email);
    await tabB.waitForURL("**/dashboard");
    await tabB.goto("/services");
    await rowOf(tabB, "Cut").waitFor();

    await tabA.reload();
    await rowOf(tabA, "Cut").getByRole("button", { name: "Edit Cut" }).click();
    const editA = tabA.getByRole("dialog", { name: "Edit Service" });
    await editA.getByLabel("Name").fill("Haircut deluxe");
    await editA.getByLabel("Price (USD)").fill("45");
    await editA.getByRole("button", { name: "Save" }).click();
    await editA.waitFor({ state: "detached" });

    // Tab B still lists "Cut" at 25: its eye switches the service off and leaves the rename alone.
    await rowOf(tabB, "Cut").getByRole("button", { name: "Deactivate Cut" }).click();
    await rowOf(tabB, "Haircut deluxe").waitFor();
    const stored = () => staffApi<Service>(tabB, "GET", `/api/services/${id}`);
    expect(await stored()).toMatchObject({ name: "Haircut deluxe", price: 45, isActive: false });

    // Tab A's list, read before the switch, edits the duration only: the switch stays.
    await rowOf(tabA, "Haircut deluxe").getByRole("button", { name: "Edit Haircut deluxe" }).click();
    await editA.getByLabel("Duration (minutes)").fill("50");
    await editA.getByRole("button", { name: "Save" }).click();
    await editA.waitFor({ state: "detached" });
    expect(await stored()).toMatchObject({
      name: "Haircut deluxe",
      price: 45,
      duration: 50,
      isActive: false,
    });
    await tabA.context().close();
    await tabB.context().close();
  }, 120_000);

  it("shows the newest toast at once: the one before leaves for it rather than holding it back", async () => {
    const page = await newPage();
    await page.clock.install();
    await signUp(page, "/services");
    await createService(page, { name: "Facial", duration: 30, price: 0, isActive: true });
    await page.reload();
    const row = rowOf(page, "Facial");
    await row.getByRole("button", { name: "Deactivate Facial" }).click();
    await toast(page, "Service updated successfully").waitFor();
    await row.getByRole("button", { name: "Delete Facial" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    await pausePageClock(page);
    const deleting = page.waitForResponse(
      (response) => response.request().method() === "DELETE" && response.url().includes("/api/services/"),
    );
    await confirm.getByRole("button", { name: "Delete service" }).click();
    await deleting;
    // Within 1.5 s of fake time: the second toast shows long before the first one's 5 s.
    await runPageClockUntilVisible(page, toast(page, "Service deleted successfully"));
    expect(await toast(page, "Service updated successfully").count()).toBe(0);
    await page.context().close();
  });

  it("takes a service another tab deleted meanwhile as deleted: the question closes and focus moves on", async () => {
    const page = await newPage();
    await signUp(page, "/services");
    await createService(page, { name: "Facial", duration: 30, price: 0, isActive: true });
    const manicureId = await createService(page, {
      name: "Manicure",
      duration: 30,
      price: 0,
      isActive: true,
    });
    await page.reload();
    await rowOf(page, "Manicure").getByRole("button", { name: "Delete Manicure" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete the service “Manicure”?" });
    await confirm.waitFor();
    await staffApi(page, "DELETE", `/api/services/${manicureId}`);
    await confirm.getByRole("button", { name: "Delete service" }).click();
    await toast(page, "This service had already been deleted").waitFor();
    await confirm.waitFor({ state: "detached" });
    await rowOf(page, "Manicure").waitFor({ state: "detached" });
    expect(await toast(page, "Failed to delete service").count()).toBe(0);
    // As after a removal of its own: the Delete of the row beside it, not <body>.
    await expect.poll(() => focusedControl(page)).toBe("Delete Facial");
    await page.context().close();
  });

  it("says in the dialog that a save got no answer, and keeps what was typed", async () => {
    const page = await newPage();
    await signUp(page, "/services");
    await page.getByText("No services found").waitFor();
    await page.route("**/api/services", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
    );
    await page.getByRole("button", { name: "Add Service" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Service" });
    await dialog.getByLabel("Name").fill("Facial");
    await dialog.getByLabel("Duration (minutes)").fill("45");
    await dialog.getByRole("button", { name: "Save" }).click();
    const alert = dialog.getByRole("alert").filter({ hasText: "Failed to create service" });
    await alert.getByText("An unexpected error occurred What you typed is still here.").waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Facial");
    expect(await dialog.getByLabel("Duration (minutes)").inputValue()).toBe("45");
    // Once the network is back, the same Save goes through.
    await page.unrouteAll();
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Service created successfully").waitFor();
    await rowOf(page, "Facial").waitFor();
    await page.context().close();
  });

  it("says what is wrong in the interface language (Polish)", async () => {
    const page = await newPage();
    await signUp(page);
    await page.evaluate(() => localStorage.setItem("language", "pl"));
    await page.goto("/services");
    await page.getByRole("heading", { level: 1, name: "Usługi" }).waitFor();
    await page.getByText("Nie znaleziono usług").waitFor();
    await page.getByRole("button", { name: "Dodaj usługę" }).click();
    const dialog = page.getByRole("dialog", { name: "Dodaj usługę" });
    await dialog.getByLabel("Czas trwania (minuty)").fill("0");
    await dialog.getByRole("button", { name: "Zapisz" }).click();
    await dialog.getByText("Nazwa usługi jest wymagana").waitFor();
    await dialog.getByText("Czas trwania musi wynosić co najmniej 1 minutę").waitFor();
    await dialog.getByLabel("Nazwa").fill("Strzyżenie");
    await dialog.getByLabel("Czas trwania (minuty)").fill("30");
    await dialog.getByLabel("Cena (USD)").fill("1234.5");
    await dialog.getByRole("button", { name: "Zapisz" }).click();
    await toast(page, "Usługa została utworzona").waitFor();
    // Two decimals in Polish number format, in the business's currency.
    const price = new Intl.NumberFormat("pl", { style: "currency", currency: "USD" }).format(1234.5);
    await expect.poll(() => rowOf(page, "Strzyżenie").getByRole("cell").nth(2).innerText()).toBe(price);
    await rowOf(page, "Strzyżenie").getByText("aktywna", { exact: true }).waitFor();
    await page.context().close();
  });

  it("reads numbers as the interface language writes them: German 49,90 is 49.90, not 4990", async () => {
    const page = await newPage();
    await signUp(page);
    await page.evaluate(() => localStorage.setItem("language", "de"));
    await page.goto("/services");
    await page.getByRole("button", { name: "Leistung hinzufügen" }).click();
    const dialog = page.getByRole("dialog", { name: "Leistung hinzufügen" });
    // Typed key by key, as a person does (a number input took "49,90" as 4990).
    const type = async (label: string, text: string) => {
      const input = page.getByRole("dialog").getByLabel(label);
      await input.fill("");
      await input.pressSequentially(text);
    };
    await dialog.getByLabel("Name").fill("Massage");
    // A fraction of a minute is refused, not read as 15; what could mean two numbers is refused, not guessed.
    await type("Dauer (Minuten)", "1,5");
    await type("Preis (USD)", "1.234");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await dialog.getByText("Die Dauer muss in ganzen Minuten angegeben werden").waitFor();
    await dialog
      .getByText(
        "„1.234“ lässt sich auf zwei Arten lesen. Geben Sie den Preis ohne Tausendertrennzeichen ein, mit „,“ vor den Nachkommastellen.",
      )
      .waitFor();
    // Text that is no number is refused too, not saved as a free service.
    await type("Preis (USD)", "49,90 €");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await dialog.getByText("„49,90 €“ ist keine Zahl.").waitFor();
    await type("Dauer (Minuten)", "45");
    await type("Preis (USD)", "49,90");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await toast(page, "Leistung erfolgreich erstellt").waitFor();
    const row = rowOf(page, "Massage");
    const price = new Intl.NumberFormat("de", { style: "currency", currency: "USD" }).format(49.9);
    await expect.poll(() => row.getByRole("cell").nth(2).innerText()).toBe(price);
    const [saved] = await staffApi<{ price: number }[]>(page, "GET", "/api/services");
    expect(saved?.price).toBe(49.9);

    // Edit shows it as German writes it, and saving it unchanged keeps it.
    await row.getByRole("button", { name: "Massage bearbeiten" }).click();
    const edit = page.getByRole("dialog", { name: "Leistung bearbeiten" });
    expect(await edit.getByLabel("Preis (USD)").inputValue()).toBe("49,90");
    await type("Preis (USD)", "1.234,50");
    await edit.getByRole("button", { name: "Speichern" }).click();
    await toast(page, "Leistung erfolgreich aktualisiert").waitFor();
    const [edited] = await staffApi<{ price: number }[]>(page, "GET", "/api/services");
    expect(edited?.price).toBe(1234.5);
    await page.context().close();
  });

  it("keeps prices to the decimals of the business's currency: whole yen", async () => {
    const page = await newPage();
    await signUp(page);
    const {
      availableServices: _,
      settings,
      ...company
    } = await staffApi<{
      availableServices: unknown;
      settings: { weeklyHoursSimple: unknown };
    }>(page, "GET", "/api/company/me");
    const { weeklyHoursSimple: __, ...editable } = settings;
    await staffApi(page, "PUT", "/api/company/me", {
      data: { ...company, settings: editable, currency: "JPY" },
    });
    await page.goto("/services");
    await page.getByRole("button", { name: "Add Service" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Service" });
    const price = dialog.getByLabel("Price (JPY)");
    expect(await price.getAttribute("inputmode")).toBe("numeric");
    await dialog.getByLabel("Name").fill("Massage");
    await price.fill("4500.5");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Price must be a whole amount in JPY").waitFor();
    await price.fill("4500");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Service created successfully").waitFor();
    await expect.poll(() => rowOf(page, "Massage").getByRole("cell").nth(2).innerText()).toBe("¥4,500");
    await rowOf(page, "Massage").getByRole("button", { name: "Edit Massage" }).click();
    expect(
      await page.getByRole("dialog", { name: "Edit Service" }).getByLabel("Price (JPY)").inputValue(),
    ).toBe("4500");
    await page.context().close();
  });

  it("runs the whole dialog by keyboard alone", async () => {
    const page = await newPage();
    await signUp(page, "/services");
    await page.getByText("No services found").waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("name") ?? "");

    await page.getByRole("button", { name: "Add Service" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add Service" });
    await dialog.waitFor();
    await expect.poll(focused).toBe("name");
    await page.keyboard.type("Consultation");
    await page.keyboard.press("Tab");
    await page.keyboard.type("First visit");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("duration");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("45");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("price");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("80");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("category");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    // The switch: Space turns it off.
    await page.keyboard.press("Space");
    expect(await dialog.getByRole("checkbox", { name: /Active/ }).isChecked()).toBe(false);
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("bufferBeforeMinutes");
    await page.keyboard.type("5");
    await page.keyboard.press("Enter");
    await toast(page, "Service created successfully").waitFor();
    const row = rowOf(page, "Consultation");
    await row.getByText("inactive", { exact: true }).waitFor();
    expect(await row.getByRole("cell").nth(1).innerText()).toBe("45 min");

    // Edit by keyboard; Escape closes and hands the focus back to the button that opened it.
    const editButton = row.getByRole("button", { name: "Edit Consultation" });
    await editButton.focus();
    await page.keyboard.press("Enter");
    const edit = page.getByRole("dialog", { name: "Edit Service" });
    await edit.waitFor();
    await expect.poll(focused).toBe("name");
    expect(await edit.getByLabel("Category (optional)").inputValue()).toBe("medical");
    expect(await edit.getByLabel("Minutes before").inputValue()).toBe("5");
    await page.keyboard.press("Escape");
    await edit.waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Edit Consultation");

    // The eye by keyboard, then delete by keyboard.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await row.getByText("active", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Delete Consultation" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("alertdialog").waitFor();
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(focusedText).toBe("Cancel");
    await page.keyboard.press("Tab");
    expect(await focusedText()).toBe("Delete service");
    await page.keyboard.press("Enter");
    await toast(page, "Service deleted successfully").waitFor();
    await page.getByText("No services found").waitFor();
    await page.context().close();
  });
});

describe("Services in every language", () => {
  it("shows no untranslated string of the Services screen and dialog in pl, fr, de, es and nl", async () => {
    const { readUntranslated, visibleTexts } = await import("../support/i18n-check");
    const page = await newPage();
    await signUp(page);
    await createService(page, {
      name: "Massage",
      description: "Sixty minutes",
      duration: 60,
      price: 89.5,
      isActive: true,
    });
    await createService(page, { name: "Follow-up visit", duration: 15, price: 0, isActive: false });
    for (const language of ["pl", "fr", "de", "es", "nl"] as const) {
      await page.evaluate((code) => localStorage.setItem("language", code), language);
      await page.goto("/services");
      await page.waitForFunction((code) => document.documentElement.lang === code, language);
      await page.locator("main [data-service]").first().waitFor();
      const list = await visibleTexts(page);
      await page.locator("main").getByRole("button").first().click();
      const dialog = await openedDialog(page);
      await dialog.locator("input[name=duration]").fill("0");
      await dialog.locator("input[name=price]").fill("-1");
      await dialog.locator("button[type=submit]").click();
      await dialog.locator("[data-part=error-text]").nth(2).waitFor();
      const texts = [...list, ...(await visibleTexts(page))];
      expect({ language, untranslated: readUntranslated(language, texts) }).toEqual({
        language,
        untranslated: [],
      });
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    }
    await page.context().close();
  });
});
