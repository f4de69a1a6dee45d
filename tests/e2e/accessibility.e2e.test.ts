import { describe, it } from "vitest";
import { browserForFile, expectNoAxeViolations, signUp } from "../support/browser";

const { newPage } = browserForFile();

describe.each(["light", "dark"] as const)("axe finds no violations (%s theme)", (colorScheme) => {
  it("on sign-in and sign-up", async () => {
    const page = await newPage({ colorScheme });
    await page.goto("/auth/sign-in");
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    await expectNoAxeViolations(page);
    await page.goto("/auth/sign-up");
    await page.getByRole("button", { name: "Sign Up" }).waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });

  it("on the shell and every section", async () => {
    const page = await newPage({ colorScheme });
    await signUp(page);
    for (const path of ["/dashboard", "/calls", "/bookings", "/services", "/settings", "/faq"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
    }
    await page.context().close();
  });

  it("on the collapsed sidebar and the mobile sheet", async () => {
    const page = await newPage({ colorScheme, viewport: { width: 1280, height: 800 } });
    await signUp(page);
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("dialog").waitFor();
    await expectNoAxeViolations(page);
    await page.context().close();
  });
});
