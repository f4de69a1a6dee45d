import type { CallList } from "@shared/calls.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSimulation } from "../../scripts/simulate-assistant";
import { signUp, uniqueEmail } from "../support/server-accounts";
import { readEnvelope, startTestServer, type TestServer } from "../support/server-harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("npm run simulate", () => {
  it("reports past calls, then plays live calls that start in progress and finish, through the public API only", async () => {
    const email = uniqueEmail("simulator");
    const staff = await signUp(server, email, "correct horse");
    const lines: string[] = [];
    const result = await runSimulation({
      url: server.url,
      email,
      password: "correct horse",
      history: 6,
      live: 1,
      durationSeconds: 3,
      seed: 42,
      speed: 400,
      log: (line) => lines.push(line),
    });
    expect(result.historyReported).toBe(6);
    expect(result.liveFinished).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeGreaterThan(0);

    const response = await server.request("/api/calls?limit=100", { accessToken: staff.accessToken });
    const body = await readEnvelope<CallList>(response);
    if (!body.success) throw new Error(body.error.message);
    expect(body.data.total).toBe(6 + result.liveStarted);
    // Every live call the simulator finished is finished on the server too.
    const live = body.data.data.filter((call) => call.status === "in-progress");
    expect(live.length).toBeLessThanOrEqual(result.liveStarted - result.liveFinished);
    // A key named "Simulator" was created for the business it signed in to.
    const keys = await readEnvelope<{ name: string }[]>(
      await server.request("/api/assistant/keys", { accessToken: staff.accessToken }),
    );
    expect(keys.success && keys.data.map((k) => k.name)).toEqual(["Simulator"]);
  });
});
