import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { Availability } from "@shared/availability.schema";
import type { CallDetail } from "@shared/calls.schema";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { messages } from "../../locales/en/signed-in.po";
import { CallDetailPage } from "../../src/client/features/calls/call-detail-page";
import { CallFacts } from "../../src/client/features/calls/call-facts";
import { CallRow } from "../../src/client/features/calls/call-row";
import { callQueries } from "../../src/client/features/calls/calls.queries";
import { RecentCallRow } from "../../src/client/features/dashboard/recent-call-row";
import { createApiClient } from "../../src/client/lib/api-client";
import { ApiContext } from "../../src/client/lib/api-context";
import { availabilityQueries } from "../../src/client/lib/availability-queries";

const api = createApiClient({ baseURL: "http://portal.test/api" });
const i18n = setupI18n({ locale: "en", messages: { en: messages } });
const availability: Availability = {
  weeklySchedule: { "0": [], "1": [], "2": [], "3": [], "4": [], "5": [], "6": [] },
  blackoutDates: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 60,
  bookingHorizonDays: 60,
  slotStepMinutes: 15,
  timezone: "America/New_York",
};

const call = (customerName: string | null, fromNumber: string): CallDetail => ({
  _id: "c1",
  fromNumber,
  customerName,
  startTime: "2026-11-24T14:30:00.000Z",
  duration: 60,
  status: "completed",
  outcome: null,
  summary: null,
  serviceName: null,
  externalId: "x1",
  transcript: [],
  recordingUrl: null,
  recordingOff: false,
  contentRemovedAt: null,
  updatedAt: "2026-11-24T14:31:00.000Z",
  booking: null,
});
/** No name given: the assistant reported an empty one. */
const nameless = call("", "+15550001");
/** After the privacy desk erased the caller. */
const erased = call(null, "");

function render(node: ReactNode, shown?: CallDetail): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(availabilityQueries.detail(api).queryKey, availability);
  if (shown) queryClient.setQueryData(callQueries.detail(api, shown._id).queryKey, shown);
  // The location a server render reads (there is no browser's here). Router's props type requires children,
  // which createElement's third argument does not satisfy.
  // biome-ignore lint/correctness/noChildrenProp: see above
  const routed = h(Router, { ssrPath: "/calls/c1", children: node });
  return renderToStaticMarkup(
    h(
      I18nProvider,
      { i18n },
      h(ApiContext.Provider, { value: api }, h(QueryClientProvider, { client: queryClient }, routed)),
    ),
  );
}

/** The text of every link in `html`. */
const linkTexts = (html: string) => [...html.matchAll(/<a [^>]*>(.*?)<\/a>/g)].map((m) => m[1]);

describe("a call without a caller's name, or whose caller was erased, is still named", () => {
  it("names it on the dashboard by the phone, failing that by saying the details were removed", () => {
    const row = (shown: CallDetail) =>
      render(h(RecentCallRow, { call: shown, timeZone: "America/New_York" }));
    expect(linkTexts(row(nameless))).toEqual(["+15550001"]);
    expect(linkTexts(row(erased))).toEqual(["Customer details removed"]);
  });

  it("links a calls-list row by the phone, failing that by saying the details were removed", () => {
    const row = (shown: CallDetail) =>
      render(h(CallRow, { call: shown, href: "/calls/c1", timeZone: "America/New_York" }));
    expect(row(nameless)).toContain("Unknown caller");
    expect(linkTexts(row(erased))).toEqual(["Customer details removed"]);
    expect(row(erased)).not.toContain("Unknown caller");
  });

  it("heads its page with the name, failing that the phone, failing both saying the details were removed", () => {
    const heading = (shown: CallDetail) =>
      render(h(CallDetailPage, { params: { id: "c1" } }), shown).match(/<h1[^>]*>(.*?)<\/h1>/)?.[1];
    expect(heading(nameless)).toBe("+15550001");
    expect(heading(erased)).toBe("Customer details removed");
    expect(render(h(CallDetailPage, { params: { id: "c1" } }), erased)).not.toContain("Call from");
  });

  it("says Unknown caller for an empty name and gives no empty phone link", () => {
    expect(render(h(CallFacts, { call: nameless }))).toContain("Unknown caller");
    expect(render(h(CallFacts, { call: erased }))).not.toContain('href="tel:"');
  });
});
