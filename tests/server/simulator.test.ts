import type { BookingList } from "@shared/booking.schema";
import type { CallDetail, CallList } from "@shared/calls.schema";
import type { Company } from "@shared/company.schema";
import { describe, expect, it } from "vitest";
import { runSimulation } from "../../scripts/simulate-assistant";
import { runPlatformSimulation } from "../../scripts/simulate-platform";
import { signUp, uniqueEmail } from "../support/server-accounts";
import { createTestClock } from "../support/server-clock";
import { readEnvelope, serverForFile, startTestServer } from "../support/server-harness";

const server = serverForFile();

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
    // It reported the number it answers, which Settings shows as the company's phone.
    const company = await readEnvelope<Company>(
      await server.request("/api/company/me", { accessToken: staff.accessToken }),
    );
    expect(company.success && company.data.phoneNumber).toBe("+1 555 0199");
  });

  it("books real free slots during booked calls, linked to them, and moves or cancels some later", async () => {
    // The simulator asks for slots from today: the server's clock must be today too.
    const live = await startTestServer({ clock: createTestClock(new Date()) });
    try {
      const email = uniqueEmail("simulator");
      const staff = await signUp(live, email, "correct horse");
      const created = await live.request("/api/services", {
        accessToken: staff.accessToken,
        json: {
          name: "Check-up & Cleaning",
          description: "",
          duration: 30,
          price: 80,
          category: "medical",
          isActive: true,
          bufferBeforeMinutes: null,
          bufferAfterMinutes: null,
        },
      });
      expect(created.status).toBe(201);
      const result = await runSimulation({
        url: live.url,
        email,
        password: "correct horse",
        history: 0,
        live: 3,
        durationSeconds: 4,
        seed: 7,
        speed: 400,
        log: () => {},
      });
      expect(result.booked).toBeGreaterThan(0);
      const response = await live.request("/api/bookings?scope=all&limit=100", {
        accessToken: staff.accessToken,
      });
      const body = await readEnvelope<BookingList>(response);
      if (!body.success) throw new Error(body.error.message);
      expect(body.data.total).toBe(result.booked);
      for (const booking of body.data.data) {
        expect(booking.source).toBe("assistant");
        // Booked before the call was reported: linked when it was. Looked up one by one, since lines
        // on a fast machine play more calls than one page holds.
        const linked = await readEnvelope<CallDetail>(
          await live.request(`/api/calls/${booking.callId}`, { accessToken: staff.accessToken }),
        );
        if (!linked.success) throw new Error(linked.error.message);
        expect(linked.data.outcome).toBe("booked");
        expect(linked.data.fromNumber).toBe(booking.customerPhone);
        expect(["pending", "cancelled"]).toContain(booking.status);
      }
      const changed = body.data.data.filter((b) => b.version > 1);
      expect(changed.length).toBe(result.changed);
    } finally {
      await live.close();
    }
  });

  it.each(["vapi", "retell"] as const)(
    "with --platform %s, connects it and delivers its signed webhooks, repeats and disorder included",
    async (platform) => {
      // Signatures carry the time: the server's clock must be now.
      const live = await startTestServer({ clock: createTestClock(new Date()) });
      try {
        const email = uniqueEmail("platform");
        const staff = await signUp(live, email, "correct horse");
        const result = await runPlatformSimulation({
          url: live.url,
          platform,
          email,
          password: "correct horse",
          calls: 12,
          seed: 5,
          log: () => {},
        });
        // Every repeat was recognised as one, and nothing else was.
        expect(result.answers.duplicate).toBe(result.repeats);
        expect(result.answers.accepted + result.answers.duplicate + result.answers.ignored).toBe(
          result.deliveries,
        );
        const body = await readEnvelope<CallList>(
          await live.request("/api/calls?limit=100", { accessToken: staff.accessToken }),
        );
        if (!body.success) throw new Error(body.error.message);
        expect(body.data.total).toBe(12);
        // Whatever order the events came in, each call ended as its last word said, with its summary.
        expect(body.data.data.filter((call) => call.status === "in-progress")).toEqual([]);
        for (const call of body.data.data.filter((c) => c.status === "completed"))
          expect(call.summary).not.toBeNull();
      } finally {
        await live.close();
      }
    },
  );
});
