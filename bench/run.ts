// `npm run bench [-- web auth services calls slots bookings telegram calendar privacy] [-- embedded | postgres]`: bundle
// weights and Lighthouse, session endpoints, the services list, calls at volume, free slots, bookings at
// volume, Telegram delivery, Google Calendar sync, data protection (retention purge, caller search, export) —
// against the real server (Telegram and the calendar: the delivery worker in-process, against the fake Bot API /
// Calendar API). Calls, slots, bookings, the calendar and data protection run on the embedded database and then
// on PostgreSQL (a throwaway
// cluster, see databases.ts; skipped, and said so, when PostgreSQL is not installed); `embedded` or
// `postgres` runs only that one. The floor of this machine (GET /api/health) is printed beside every API
// budget: measured first for auth, services and slots, and by calls and bookings on their own server and
// database. Prints each figure beside its budget and writes bench-results.json. Figures are reported, never
// asserted: a noisy machine must not fail a build.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { buildState } from "../scripts/build-freshness";
import { authBench } from "./auth.bench";
import { bookingsBench } from "./bookings.bench";
import { calendarBench } from "./calendar.bench";
import { callsBench } from "./calls.bench";
import { type BenchDatabase, embeddedDatabase, startPostgresCluster } from "./databases";
import { floorBench } from "./floor.bench";
import { privacyBench } from "./privacy.bench";
import { type Figure, printFigures } from "./report";
import { servicesBench } from "./services.bench";
import { slotsBench } from "./slots.bench";
import { telegramBench } from "./telegram.bench";
import { webBench } from "./web.bench";
import { withServerProcess } from "./with-server";

const SECTIONS = [
  "web",
  "auth",
  "services",
  "calls",
  "slots",
  "bookings",
  "telegram",
  "calendar",
  "privacy",
] as const;
type Section = (typeof SECTIONS)[number];
const asked = process.argv
  .slice(2)
  .filter((arg): arg is Section => (SECTIONS as readonly string[]).includes(arg));
const sections: readonly Section[] = asked.length ? asked : SECTIONS;
/** The API sections read beside the floor measured first; calls and bookings measure it on their own server. */
const API_SECTIONS: readonly Section[] = ["auth", "services", "slots"];
/** The sections run on each database; the others on the embedded one alone. */
const BOTH_DATABASES = ["calls", "slots", "bookings", "calendar", "privacy"] as const;
type OnBoth = (typeof BOTH_DATABASES)[number];
const onlyEmbedded = process.argv.includes("embedded");
const onlyPostgres = process.argv.includes("postgres");
const measuresApi = sections.some((section) => API_SECTIONS.includes(section));

// The benchmarks run the built server and portal, as `npm start` does: built first when missing or stale.
if (buildState() !== "fresh" || process.argv.includes("--build")) {
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

type Result = Section | "floor" | `${OnBoth} on PostgreSQL`;
const results: Partial<Record<Result, Figure[]>> = {};
const log = (line: string) => console.log(`  … ${line}`);

if (measuresApi || sections.includes("web")) {
  await withServerProcess({}, async (server) => {
    if (measuresApi) results.floor = await floorBench(server);
    if (sections.includes("web")) results.web = await webBench(server);
    if (sections.includes("auth")) results.auth = await authBench(server);
    if (sections.includes("services")) results.services = await servicesBench(server);
  });
}
const benches: Record<OnBoth, (log: (line: string) => void, target: BenchDatabase) => Promise<Figure[]>> = {
  calls: callsBench,
  slots: slotsBench,
  bookings: bookingsBench,
  calendar: calendarBench,
  privacy: privacyBench,
};
const onBoth = BOTH_DATABASES.filter((section) => sections.includes(section));
if (!onlyPostgres)
  for (const section of onBoth) results[section] = await benches[section](log, embeddedDatabase);
let postgresSkipped: string | null = null;
if (onBoth.length && !onlyEmbedded) {
  const cluster = await startPostgresCluster();
  if (typeof cluster === "string") postgresSkipped = cluster;
  else {
    try {
      for (const section of onBoth)
        results[`${section} on PostgreSQL`] = await benches[section](log, cluster);
    } finally {
      cluster.stop();
    }
  }
}
if (sections.includes("telegram")) results.telegram = await telegramBench(log);

const titles: Record<Result, string> = {
  web: "Portal: initial download and Lighthouse",
  floor:
    "Floor of this machine (GET /api/health: one `select 1` through the whole stack, what any route reading the database costs at least)",
  auth: "Session endpoints (embedded database)",
  services: "Services list (embedded database)",
  calls: "Calls at volume (embedded database; 1×200,000 + 19×10,000 calls)",
  "calls on PostgreSQL": "Calls at volume (PostgreSQL; 1×200,000 + 19×10,000 calls)",
  slots: "Free slots (embedded database; the demo practice and a round-the-clock business, 31 days)",
  "slots on PostgreSQL": "Free slots (PostgreSQL; the demo practice and a round-the-clock business, 31 days)",
  bookings: "Bookings at volume (embedded database; 100,000 in one business, a month holding 2,000)",
  "bookings on PostgreSQL": "Bookings at volume (PostgreSQL; 100,000 in one business, a month holding 2,000)",
  telegram: "Telegram delivery (embedded database; the outbox of 50 businesses to the fake Bot API)",
  calendar:
    "Google Calendar sync (embedded database; 10 businesses × 100 bookings to the fake Calendar API; slots for a month with 2,000 calendar busy intervals)",
  privacy:
    "Data protection at volume (embedded database; retention purge of 100,000 of 300,000 calls, caller search, whole-business export)",
  "privacy on PostgreSQL":
    "Data protection at volume (PostgreSQL; retention purge of 100,000 of 300,000 calls, caller search, whole-business export)",
  "calendar on PostgreSQL":
    "Google Calendar sync (PostgreSQL; 10 businesses × 100 bookings to the fake Calendar API; slots for a month with 2,000 calendar busy intervals)",
};
const printed = [
  ...sections.filter((section) => section === "web"),
  ...(measuresApi ? (["floor"] as const) : []),
  ...sections.filter((section) => section !== "web"),
  ...onBoth.map((section) => `${section} on PostgreSQL` as const),
];
for (const section of printed) {
  const figures = results[section];
  if (figures) printFigures(titles[section], figures);
}
if (postgresSkipped) console.log(`\nPostgreSQL leg skipped: ${postgresSkipped}`);
writeFileSync(
  "bench-results.json",
  `${JSON.stringify({ date: new Date().toISOString(), ...results, ...(postgresSkipped ? { postgresSkipped } : {}) }, null, 2)}\n`,
);
console.log("\nWritten to bench-results.json");
