// `npm run simulate`: a voice assistant reporting calls to a running CallDesk through the assistant API, or
// with --platform, a voice platform delivering its own signed webhooks.
//   --url http://localhost:3000   the server
//   --key cdk_…                   an assistant key; without it, signs in as staff (--email/--password,
//                                 default the demo account) and creates a key named "Simulator"
//   --history 50                  past calls to report first, spread over the past four weeks
//   --live 3                      live calls going at once
//   --duration S                  stop after S seconds (default: run until Ctrl+C)
//   --speed 1                     play calls this many times faster than real time
//   --seed N                      the generator's seed (default: the current time)
//   --platform vapi|retell        instead: connect that platform (as Settings → Voice assistant does) and
//                                 deliver --history calls as its webhooks, signed, some twice, some out of order
import { parseArgs } from "node:util";
import { ASSISTANT_PLATFORMS, type AssistantPlatform } from "../src/shared/assistant-platforms.constants";
import { runSimulation } from "./simulate-assistant";
import { runPlatformSimulation } from "./simulate-platform";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    key: { type: "string" },
    email: { type: "string", default: "demo@calldesk.app" },
    password: { type: "string", default: "calldesk-demo" },
    history: { type: "string", default: "50" },
    live: { type: "string", default: "3" },
    duration: { type: "string" },
    speed: { type: "string", default: "1" },
    seed: { type: "string" },
    platform: { type: "string" },
  },
});

function count(name: string, raw: string | undefined, min: number): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number of at least ${min} (was "${raw}")`);
    process.exit(2);
  }
  return n;
}

const stop = new AbortController();
process.once("SIGINT", () => {
  console.log("\nStopping: finishing the calls under way…");
  stop.abort();
});

const isPlatform = (value: string): value is AssistantPlatform =>
  ASSISTANT_PLATFORMS.some((platform) => platform === value);
const { platform } = values;
if (platform !== undefined && !isPlatform(platform)) {
  console.error(`--platform must be vapi or retell (was "${platform}")`);
  process.exit(2);
}
const seed = values.seed === undefined ? Date.now() : Math.floor(count("seed", values.seed, 0));

try {
  if (platform)
    await runPlatformSimulation({
      url: values.url.replace(/\/$/, ""),
      platform,
      email: values.email,
      password: values.password,
      calls: Math.floor(count("history", values.history, 0)),
      seed,
      log: (line) => console.log(line),
    });
  else
    await runSimulation({
      url: values.url.replace(/\/$/, ""),
      ...(values.key && { key: values.key }),
      email: values.email,
      password: values.password,
      history: Math.floor(count("history", values.history, 0)),
      live: Math.floor(count("live", values.live, 0)),
      durationSeconds: values.duration === undefined ? null : count("duration", values.duration, 0),
      speed: count("speed", values.speed, 0.01),
      seed,
      signal: stop.signal,
      log: (line) => console.log(line),
    });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
