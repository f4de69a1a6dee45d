import type { AssistantKey } from "@shared/assistant.schema";
import { createElement as h, type ReactNode } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RelativeTime } from "../../src/client/components/relative-time";
import { AssistantKeyList } from "../../src/client/features/assistant-keys/assistant-key-list";
import { CallContentAbsence } from "../../src/client/features/calls/call-content-absence";
import { CallFacts } from "../../src/client/features/calls/call-facts";
import { availabilityIn, callDetailOf, portalMarkup } from "../support/portal-markup";

// A business in New York seen from a device in Kiribati (UTC+14): 14:30 UTC on Nov 24 is 09:30 that morning at
// the business and already 04:30 on Nov 25 on the device.
const BUSINESS_ZONE = "America/New_York";
const DEVICE_ZONE = "Pacific/Kiritimati";
const MOMENT = "2026-11-24T14:30:00.000Z";

const deviceZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = DEVICE_ZONE;
});
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

/** The markup of `node` on a screen that has the business's timezone (GET /api/availability) loaded. */
const render = (node: ReactNode) => portalMarkup(node, availabilityIn(BUSINESS_ZONE));

const call = callDetailOf({ startTime: MOMENT, contentRemovedAt: MOMENT, updatedAt: MOMENT });

const key: AssistantKey = {
  _id: "k1",
  name: "Front desk",
  last4: "abcd",
  createdAt: MOMENT,
  lastUsedAt: MOMENT,
};

describe("dates and times are the business's, not the device's", () => {
  it("runs on a device whose own clock says another day", () => {
    expect(new Intl.DateTimeFormat("en", { day: "numeric" }).format(new Date(MOMENT))).toBe("25");
  });

  it("gives a call's start on the business's clock", () => {
    expect(render(h(CallFacts, { call }))).toContain("Tuesday, November 24, 2026 at 09:30");
  });

  it("gives the day a call's content was removed on the business's calendar", () => {
    expect(render(h(CallContentAbsence, { call, absent: "transcript" }))).toContain(
      "Removed on Nov 24, 2026, as your data protection settings ask.",
    );
  });

  it("gives the day a key was made, and its last use on hover, on the business's calendar and clock", () => {
    const html = render(h(AssistantKeyList, { keys: [key], timeZone: BUSINESS_ZONE, onRevoke: () => {} }));
    expect(html).toMatch(/Created <time [^>]*>Nov 24, 2026<\/time>/);
    expect(html).toContain('title="Nov 24, 2026, 09:30"');
  });

  it("shows a relative time's moment on hover on the business's clock", () => {
    expect(render(h(RelativeTime, { iso: MOMENT, timeZone: BUSINESS_ZONE }))).toContain(
      'title="Nov 24, 2026, 09:30"',
    );
  });
});
