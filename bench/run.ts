// `npm run bench`: bundle weights, Lighthouse and API throughput against the real server; prints the
// figures next to their budgets and writes bench-results.json. Nothing here passes or fails a build.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { startServerProcess } from "../tests/support/server-process";
import { type BundleWeight, initialWeight } from "./bundle-size";
import { lighthouse } from "./lighthouse";
import { runLoad } from "./load";

const PASSWORD = "bench password 1";

if (!existsSync("dist/client/index.html") || process.argv.includes("--build")) {
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = await startServerProcess();
const { baseURL } = server;
const origin = { Origin: baseURL };

type Session = { cookie: string; authorization: string };

const refreshCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith("calldesk_refresh="));

async function signUp(email: string): Promise<Session> {
  const response = await fetch(`${baseURL}/api/auth/sign-up`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return { cookie: refreshCookie(response)!, authorization: response.headers.get("Authorization")! };
}

const results: Record<string, unknown> = { date: new Date().toISOString() };
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ baseURL });
  results.signInBundle = await initialWeight(await context.newPage(), "/auth/sign-in");
  const page = await context.newPage();
  await page.goto("/auth/sign-in");
  const email = `bench-ui-${Date.now()}@example.com`;
  await signUp(email);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
  results.dashboardBundle = await initialWeight(await context.newPage(), "/dashboard", [
    "protected-area-",
    "dashboard-page-",
  ]);
  await browser.close();

  results.lighthouseSignIn = await lighthouse(`${baseURL}/auth/sign-in`);

  const sessions = await Promise.all(
    Array.from({ length: 10 }, (_, i) => signUp(`bench-${i}-${Date.now()}@example.com`)),
  );
  results.refresh = await runLoad(async (worker) => {
    const session = sessions[worker]!;
    const response = await fetch(`${baseURL}/api/auth/refresh`, {
      method: "POST",
      headers: { Cookie: session.cookie, ...origin },
    });
    await response.arrayBuffer();
    session.cookie = refreshCookie(response) ?? session.cookie;
    session.authorization = response.headers.get("Authorization") ?? session.authorization;
    return response.ok;
  });
  results.authenticatedGet = await runLoad(async (worker) => {
    const response = await fetch(`${baseURL}/api/auth/me`, {
      headers: { Authorization: sessions[worker]!.authorization },
    });
    await response.arrayBuffer();
    return response.ok;
  });
} catch (error) {
  console.error("Benchmark failed; server output follows.\n", server.output().slice(-4000));
  throw error;
} finally {
  await server.stop();
}

writeFileSync("bench-results.json", `${JSON.stringify(results, null, 2)}\n`);

const signIn = results.signInBundle as BundleWeight;
const dashboard = results.dashboardBundle as BundleWeight;
const lh = results.lighthouseSignIn as { performance?: number; accessibility?: number; error?: string };
const load = (name: string) => results[name] as { rps: number; p50: number; p99: number; errors: number };
const rows: [string, string, string][] = [
  ["/auth/sign-in initial JS (gzip)", `${signIn.critical.jsKB} KB`, "≤ 120 KB"],
  ["/auth/sign-in initial CSS (gzip)", `${signIn.critical.cssKB} KB`, ""],
  ["/auth/sign-in JS incl. deferred parts", `${signIn.loaded.jsKB} KB`, ""],
  ["/dashboard initial JS (gzip)", `${dashboard.critical.jsKB} KB`, ""],
  ["/dashboard initial CSS (gzip)", `${dashboard.critical.cssKB} KB`, ""],
  ["/dashboard JS incl. deferred parts", `${dashboard.loaded.jsKB} KB`, ""],
  [
    "Lighthouse /auth/sign-in performance (mobile)",
    lh.error ? `error: ${lh.error}` : String(lh.performance),
    "≥ 90",
  ],
  ["Lighthouse /auth/sign-in accessibility", lh.error ? "-" : String(lh.accessibility), "100"],
  ...(["refresh", "authenticatedGet"] as const).map((name): [string, string, string] => {
    const r = load(name);
    const label = name === "refresh" ? "POST /api/auth/refresh" : "GET /api/auth/me";
    return [`${label} @10 conns`, `${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}`, ""];
  }),
];
const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, value, budget] of rows)
  console.log(`${name.padEnd(width)}  ${value}${budget ? `  (budget ${budget})` : ""}`);
console.log("Written to bench-results.json");
