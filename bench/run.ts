// `npm run bench [-- web auth services calls slots bookings telegram]`: bundle weights and Lighthouse, session
// endpoints, the services list, calls at volume, free slots, bookings at volume, Telegram delivery — against
// the real server (Telegram: the delivery worker in-process, against the fake Bot API).
// Any API section first measures the floor of this machine (GET /api/health), printed before the API
// sections so each budget is read beside it. Prints each figure beside its budget and writes bench-results.json.
// Figures are reported, never asserted: a noisy machine must not fail a build.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { startServerProcess } from "../tests/support/server-process";
import { authBench } from "./auth.bench";
import { bookingsBench } from "./bookings.bench";
import { callsBench } from "./calls.bench";
import { floorBench } from "./floor.bench";
import { type Figure, printFigures } from "./report";
import { servicesBench } from "./services.bench";
import { slotsBench } from "./slots.bench";
import { telegramBench } from "./telegram.bench";
import { webBench } from "./web.bench";

const SECTIONS = ["web", "auth", "services", "calls", "slots", "bookings", "telegram"] as const;
type Section = (typeof SECTIONS)[number];
const asked = process.argv
  .slice(2)
  .filter((arg): arg is Section => (SECTIONS as readonly string[]).includes(arg));
const sections: readonly Section[] = asked.length ? asked : SECTIONS;
const API_SECTIONS: readonly Section[] = ["auth", "services", "calls", "slots", "bookings"];
const measuresApi = sections.some((section) => API_SECTIONS.includes(section));

// Only the web figures read the build; the API benchmarks run without one.
const needsBuild = sections.includes("web") && !existsSync("dist/client/index.html");
if (needsBuild || process.argv.includes("--build")) {
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const results: Partial<Record<Section | "floor", Figure[]>> = {};
const log = (line: string) => console.log(`  … ${line}`);

if (measuresApi || sections.includes("web")) {
  const server = await startServerProcess();
  try {
    if (measuresApi) results.floor = await floorBench(server);
    if (sections.includes("web")) results.web = await webBench(server);
    if (sections.includes("auth")) results.auth = await authBench(server);
    if (sections.includes("services")) results.services = await servicesBench(server);
  } catch (error) {
    console.error("Benchmark failed; server output follows.\n", server.output().slice(-4000));
    throw error;
  } finally {
    await server.stop();
  }
}
if (sections.includes("calls")) results.calls = await callsBench(log);
if (sections.includes("slots")) results.slots = await slotsBench(log);
if (sections.includes("bookings")) results.bookings = await bookingsBench(log);
if (sections.includes("telegram")) results.telegram = await telegramBench(log);

const titles: Record<Section | "floor", string> = {
  web: "Portal: initial download and Lighthouse",
  floor:
    "Floor of this machine (GET /api/health: one `select 1` through the whole stack, what any route reading the database costs at least)",
  auth: "Session endpoints (embedded database)",
  services: "Services list (embedded database)",
  calls: "Calls at volume (embedded database; 1×200,000 + 19×10,000 calls)",
  slots: "Free slots (embedded database; the demo practice and a round-the-clock business, 31 days)",
  bookings: "Bookings at volume (embedded database; 100,000 in one business, a month holding 2,000)",
  telegram: "Telegram delivery (embedded database; the outbox of 50 businesses to the fake Bot API)",
};
const printed: (Section | "floor")[] = [
  ...sections.filter((section) => section === "web"),
  ...(measuresApi ? (["floor"] as const) : []),
  ...sections.filter((section) => section !== "web"),
];
for (const section of printed) printFigures(titles[section], results[section]!);
writeFileSync(
  "bench-results.json",
  `${JSON.stringify({ date: new Date().toISOString(), ...results }, null, 2)}\n`,
);
console.log("\nWritten to bench-results.json");
