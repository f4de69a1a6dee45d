import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  browserForFile,
  countRequests,
  createService,
  expectNoAxeViolations,
  focusedControl,
  holdRequests,
  originOf,
  PASSWORD,
  pausePageClock,
  runPageClockUntilVisible,
  signIn,
  signUp,
  signUpThroughForm,
  uniqueEmail,
} from "../support/browser";
import { readCatalog, readUntranslated, visibleTexts } from "../support/i18n-check";

const { newPage } = browserForFile();

describe("sign-up, sign-in, sign-out against the real server", () => {
  it("signs up, lands on the dashboard inside the shell, greeted by a toast", async () => {
    const page = await newPage();
    const email = await signUpThroughForm(page);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Dashboard");
    await expect.poll(() => page.getByText("Welcome to CallDesk!").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("navigation", { name: "Main navigation" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(email).first().isVisible()).toBe(true);
    await page.context().close();
  });

  it("signs out from the account menu and cannot go back into the app", async () => {
    const page = await newPage();
    const email = await signUp(page);
    await page.getByRole("button", { name: `Account menu for ${email}` }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await page.waitForURL("**/auth/sign-in");
    await page.goto("/calls");
    await page.waitForURL("**/auth/sign-in");
    await page.context().close();
  });

  it("offers no sign-in form until a slow sign-out has settled, then signs in at once", async () => {
    const page = await newPage();
    const email = await signUp(page);
    const signOut = await holdRequests(page, "**/api/auth/sign-out");
    await page.getByRole("button", { name: `Account menu for ${email}` }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await expect.poll(signOut.asked).toBe(1);
    // The server has not answered: a form now would take a sign-in the session cannot start, and drop it.
    const form = page.getByRole("button", { name: "Sign In" });
    await page.getByRole("status").filter({ hasText: "Loading…" }).or(form).first().waitFor();
    expect(await form.count()).toBe(0);
    signOut.release();
    await page.waitForURL("**/auth/sign-in");
    await signIn(page, email);
    await page.waitForURL("**/dashboard");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Dashboard");
    await page.context().close();
  });

  it("a sign-out the server never confirms keeps the user signed in and says so; trying again signs out", async () => {
    const page = await newPage();
    await page.clock.install();
    const email = await signUp(page, "/calls");
    let refused = 0;
    const refuse = (route: Route) => {
      refused++;
      return route.abort("connectionrefused");
    };
    await page.route("**/api/auth/sign-out", refuse);
    const accountMenu = page.getByRole("button", { name: `Account menu for ${email}` });
    await accountMenu.click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    // Spec 9's three retries, 1 s, 2 s and 4 s apart on the page's clock, then the user is told, on the page
    // they were on: the refresh cookie is still good, so calling them signed out would be a lie.
    await pausePageClock(page);
    const told = page.getByText("Could not sign out; you are still signed in. Try again.");
    await runPageClockUntilVisible(page, told, 8_000);
    expect(refused).toBe(4);
    await page.clock.resume();
    await page.getByRole("heading", { level: 1, name: "Calls" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/calls");
    await expectNoAxeViolations(page);

    await page.unroute("**/api/auth/sign-out", refuse);
    await accountMenu.click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await page.waitForURL("**/auth/sign-in");
    await page.reload();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/sign-in");
    await page.context().close();
  });

  it("the next user to sign in on a tab never sees what the previous one had read", async () => {
    const page = await newPage();
    const first = await signUp(page);
    await createService(page, { name: "First user's massage", duration: 30, price: 40, isActive: true });
    await page.getByRole("link", { name: "Services" }).first().click();
    await page.getByText("First user's massage").first().waitFor();
    // A second account, signed in on the same tab through the form once the first has signed out.
    const second = uniqueEmail("second");
    await page.request.post("/api/auth/sign-up", {
      data: { email: second, password: PASSWORD },
      headers: { Origin: originOf(page) },
    });
    await page.getByRole("button", { name: `Account menu for ${first}` }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await page.waitForURL("**/auth/sign-in");
    await signIn(page, second);
    await page.waitForURL("**/dashboard");
    await page.getByRole("link", { name: "Services" }).first().click();
    await page.getByText("No services found").waitFor();
    expect(await page.getByText("First user's massage").count()).toBe(0);
    await page.context().close();
  });

  it("the next user never sees what a page opened while the previous one signed out fetched", async () => {
    const page = await newPage();
    const first = await signUp(page);
    await createService(page, { name: "First user's facial", duration: 30, price: 40, isActive: true });
    const second = uniqueEmail("second");
    // Signed up from outside the tab: its cookies stay the first user's.
    const origin = originOf(page);
    await fetch(`${origin}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", Origin: origin },
      body: JSON.stringify({ email: second, password: PASSWORD }),
    });
    // A fresh start on the dashboard: the services page's data code is not loaded yet, and is held.
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Services" }).first().waitFor();
    const queriesCode = await holdRequests(page, /\/assets\/service-queries-[\w-]+\.js$/);
    const signOut = await holdRequests(page, "**/api/auth/sign-out");
    const servicesRead = countRequests(page, "GET", "/api/services");
    // Services asked for, and before its data's code arrives the first user signs out (the server slow to answer).
    await page.getByRole("link", { name: "Services" }).first().click();
    await expect.poll(queriesCode.asked).toBe(1);
    await page.getByRole("button", { name: `Account menu for ${first}` }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await expect.poll(signOut.asked).toBe(1);
    queriesCode.release();
    await page.waitForResponse(/\/assets\/service-queries-[\w-]+\.js$/);
    // Two frames: the held import's promise chain has settled by then.
    for (let frame = 0; frame < 2; frame++)
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    signOut.release();
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    expect(servicesRead()).toBe(0);
    await signIn(page, second);
    await page.waitForURL("**/dashboard");
    await page.getByRole("link", { name: "Services" }).first().click();
    await page.getByText("No services found").waitFor();
    expect(await page.getByText("First user's facial").count()).toBe(0);
    await page.context().close();
  });

  it("after signing out on /calls, the next sign-in on that tab lands on /dashboard, not /calls", async () => {
    const page = await newPage();
    const email = await signUp(page);
    await page.getByRole("link", { name: "Calls" }).first().click();
    await page.waitForURL("**/calls");
    await page.getByRole("heading", { level: 1, name: "Calls" }).waitFor();
    await page.getByRole("button", { name: `Account menu for ${email}` }).click();
    await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
    await page.waitForURL("**/auth/sign-in");
    await signIn(page, email);
    await page.waitForURL("**/dashboard");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Dashboard");
    await page.context().close();
  });

  it("signs out everywhere from the account menu, after asking: this tab and another browser's session end", async () => {
    const page = await newPage();
    const email = await signUp(page);
    const elsewhere = await newPage();
    await elsewhere.goto("/auth/sign-in");
    await signIn(elsewhere, email);
    await elsewhere.waitForURL("**/dashboard");
    await elsewhere.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();

    const accountMenu = page.getByRole("button", { name: `Account menu for ${email}` });
    const dialog = page.getByRole("alertdialog", { name: "Sign out everywhere?" });
    // Asked first; Cancel ends nothing and gives focus back to the menu's button.
    await accountMenu.click();
    await page.getByRole("menuitem", { name: "Sign out everywhere…" }).click();
    await dialog.waitFor();
    await expect.poll(() => focusedControl(page)).toBe("Cancel");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusedControl(page)).toBe(`Account menu for ${email}`);

    await accountMenu.click();
    await page.getByRole("menuitem", { name: "Sign out everywhere…" }).click();
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.waitForURL("**/auth/sign-in");
    await page.getByText("Signed out on every device").waitFor();
    await page.goto("/calls");
    await page.waitForURL("**/auth/sign-in");

    // The other browser still shows the dashboard; its next request is refused (its access token with its
    // session) and it lands on the sign-in page, as when a session ends.
    await elsewhere.getByRole("link", { name: "Calls" }).first().click();
    await elsewhere.waitForURL("**/auth/sign-in");
    await elsewhere.getByRole("button", { name: "Sign In" }).waitFor();
    await page.context().close();
    await elsewhere.context().close();
  });

  it("sends a signed-out visitor of a protected URL to sign-in, then back to that URL", async () => {
    const page = await newPage();
    const email = await signUp(page);
    await page.context().clearCookies();
    const before = await page.evaluate(() => history.length);
    await page.goto("/settings");
    await page.waitForURL("**/auth/sign-in");
    // the redirect replaces the /settings entry: Back must not bounce into the protected page again
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await signIn(page, email);
    await page.waitForURL("**/settings");
    await expect.poll(() => page.getByText("Welcome back!").isVisible()).toBe(true);
    await page.context().close();
  });

  it("after a protected URL that resolves to another site (/\\host), signs in to /dashboard, nothing thrown", async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const email = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/%5Cevil.example");
    await page.waitForURL("**/auth/sign-in");
    await signIn(page, email);
    await page.waitForURL("**/dashboard");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("sends a signed-in user away from /auth/sign-in to /dashboard", async () => {
    const page = await newPage();
    await signUp(page, "/auth/sign-in");
    await page.waitForURL("**/dashboard");
    await page.goto("/auth/anything");
    await page.waitForURL("**/dashboard");
    await page.context().close();
  });

  it("shows 'Invalid email or password' on a wrong password and keeps what was typed", async () => {
    const page = await newPage();
    const email = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/auth/sign-in");
    await signIn(page, email, "wrong password!");
    const alert = page.getByRole("alert").filter({ hasText: "Invalid email or password" });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("wrong password!");
    // The button pressed kept the focus while the server answered, and keeps it to try again.
    await expect.poll(() => focusedControl(page)).toBe("Sign In");
    await page.context().close();
  });

  it("says 'Signing up...' and 'Signing in...' on a disabled button while the server answers", async () => {
    const page = await newPage();
    // A slow network (not a faked server): each request takes 600 ms more, long enough to see the wait.
    const cdp = await page.context().newCDPSession(page);
    await page.goto("/auth/sign-up");
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 600,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const email = uniqueEmail("slow");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    const signingUp = page.getByRole("button", { name: "Signing up..." });
    await signingUp.waitFor();
    expect(await signingUp.isDisabled()).toBe(true);
    await page.waitForURL("**/dashboard");

    await page.context().clearCookies();
    await page.goto("/auth/sign-in");
    await signIn(page, email);
    const signingIn = page.getByRole("button", { name: "Signing in..." });
    await signingIn.waitFor();
    expect(await signingIn.isDisabled()).toBe(true);
    await page.waitForURL("**/dashboard");
    await page.context().close();
  });

  it("refuses mismatched passwords on sign-up without calling the server", async () => {
    const page = await newPage();
    await page.goto("/auth/sign-up");
    let posted = false;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/sign-up")) posted = true;
    });
    await page.getByLabel("Email").fill(uniqueEmail("mismatch"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(`${PASSWORD}x`);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect.poll(() => page.getByText("Passwords mismatch").isVisible()).toBe(true);
    expect(posted).toBe(false);
    await page.context().close();
  });

  it("shows the server's reason when sign-up fails (address already registered)", async () => {
    const page = await newPage();
    const email = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/auth/sign-up");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "An account with this email already exists" });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await page.context().close();
  });

  it("keeps the session across a reload (refresh cookie → new access token)", async () => {
    const page = await newPage();
    await signUp(page, "/calls");
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Calls");
    expect(new URL(page.url()).pathname).toBe("/calls");
    await page.context().close();
  });
});

/** Everything the page logs as an error (console errors, failed resources, uncaught exceptions). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

describe("a visitor who is not signed in", () => {
  it("gets the sign-in page with nothing logged as an error (the start-up refresh finds 'no session')", async () => {
    const page = await newPage();
    const errors = collectErrors(page);
    const refreshed = page.waitForResponse((response) => response.url().endsWith("/api/auth/refresh"));
    await page.goto("/auth/sign-in");
    expect((await refreshed).status()).toBe(200);
    await page.getByRole("button", { name: "Sign In" }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("server refusals in the user's language", () => {
  async function polishPage() {
    const page = await newPage();
    await page.addInitScript(() => localStorage.setItem("language", "pl"));
    return page;
  }
  const polish = (english: string) => {
    const entry = readCatalog("pl").find((candidate) => candidate.id === english);
    if (!entry?.text) throw new Error(`no Polish text for "${english}"`);
    return entry.text;
  };

  it("an address the browser's field lets through and the server's rule refuses is refused in Polish before sending", async () => {
    const page = await polishPage();
    await page.goto("/auth/sign-up");
    await page.waitForFunction(() => document.documentElement.lang === "pl");
    let posted = false;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/sign-up")) posted = true;
    });
    const email = page.locator("input[name=email]");
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.locator("input[name=confirmPassword]").fill(PASSWORD);
    const message = page.getByText(polish("Enter a valid email address."));
    for (const address of [
      "me@localhost",
      ".a@gamma.com",
      "a.@gamma.com",
      "a..b@gamma.com",
      `${"a".repeat(65)}@gamma.com`,
    ]) {
      await email.fill(address);
      expect(await message.isVisible()).toBe(false);
      // The browser's own check (the spec's type="email") passes it...
      expect(await email.evaluate((input: HTMLInputElement) => input.checkValidity())).toBe(true);
      await page.locator("form button[type=submit]").click();
      // ...the shared rule does not: said at the field, which takes the focus.
      await message.waitFor();
      expect(await email.getAttribute("aria-invalid")).toBe("true");
      expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
    }
    // What the browser's field refuses itself, the shared rule (and so the server) refuses as well.
    for (const address of ["a@-gamma.com", "w@a-.com", "a@gamma..com"]) {
      await email.fill(address);
      expect(await email.evaluate((input: HTMLInputElement) => input.checkValidity())).toBe(false);
    }
    expect(posted).toBe(false);
    const texts = await visibleTexts(page);
    expect(readUntranslated("pl", texts)).toEqual([]);
    // A good address goes to the server.
    const sent = page.waitForResponse((response) => response.url().endsWith("/api/auth/sign-up"));
    await email.fill(uniqueEmail("rule"));
    await page.locator("form button[type=submit]").click();
    expect((await sent).status()).toBe(201);
    await page.context().close();
  });

  it("an address already registered is refused in Polish", async () => {
    const english = await newPage();
    const email = await signUp(english);
    await english.context().close();
    const page = await polishPage();
    await page.goto("/auth/sign-up");
    await page.waitForFunction(() => document.documentElement.lang === "pl");
    await page.locator("input[name=email]").fill(email);
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.locator("input[name=confirmPassword]").fill(PASSWORD);
    await page.locator("form button[type=submit]").click();
    await page
      .getByRole("alert")
      .filter({ hasText: polish("An account with this email already exists") })
      .waitFor();
    await page.context().close();
  });
});
