import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { AssistantKey } from "@shared/assistant.schema";
import type { Availability } from "@shared/availability.schema";
import type { CallDetail } from "@shared/calls.schema";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../locales/en/signed-in.po";
import { RelativeTime } from "../../src/client/components/relative-time";
import { AssistantKeyList } from "../../src/client/features/assistant-keys/assistant-key-list";
import { CallContentAbsence } from "../../src/client/features/calls/call-content-absence";
import { CallFacts } from "../../src/client/features/calls/call-facts";
import { createApiClient } from "../../src/client/lib/api-client";
import { ApiContext } from "../../src/client/lib/api-context";
import { availabilityQueries } from "../../src/client/lib/availability-queries";

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

const api = createApiClient({ baseURL: "http://portal.test/api" });
const i18n = setupI18n({ locale: "en", messages: { en: messages } });
const day = { start: "09:00", end: "17:00" };
const availability: Availability = {
  weeklySchedule: { "0": [], "1": [day], "2": [day], "3": [day], "4": [day], "5": [day], "6": [] },
  blackoutDates: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 60,
  bookingHorizonDays: 60,
  slotStepMinutes: 15,
  timezone: BUSINESS_ZONE,
};

/** The markup of `node` on a screen that has the business's timezone (GET /api/availability) loaded. */
function render(node: ReactNode): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(availabilityQueries.detail(api).queryKey, availability);
  return renderToStaticMarkup(
    h(
      I18nProvider,
      { i18n },
      h(ApiContext.Provider, { value: api }, h(QueryClientProvider, { client: queryClient }, node)),
    ),
  );
}

const call: CallDetail = {
  _id: "c1",
  fromNumber: "+15550001",
  customerName: "Ada",
  startTime: MOMENT,
  duration: 60,
  status: "completed",
  outcome: null,
  summary: null,
  serviceName: null,
  externalId: "x1",
  transcript: [],
  recordingUrl: null,
  recordingOff: false,
  contentRemovedAt: MOMENT,
  updatedAt: MOMENT,
  booking: null,
};

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
