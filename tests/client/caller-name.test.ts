import type { CallDetail } from "@shared/calls.schema";
import { createElement as h, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { BookingCallLink } from "../../src/client/features/bookings/calendar/booking-call-link";
import { CallDetailPage } from "../../src/client/features/calls/call-detail-page";
import { CallFacts } from "../../src/client/features/calls/call-facts";
import { CallRow } from "../../src/client/features/calls/call-row";
import { callQueries } from "../../src/client/features/calls/calls.queries";
import { RecentCallRow } from "../../src/client/features/dashboard/recent-call-row";
import { CallerCalls } from "../../src/client/features/privacy-desk/caller-records";
import { api, availabilityIn, callDetailOf, portalMarkup } from "../support/portal-markup";

/** No name given: the assistant reported an empty one. */
const nameless = callDetailOf({ customerName: "" });
/** After the privacy desk erased the caller. */
const erased = callDetailOf({ customerName: null, fromNumber: "" });

function render(node: ReactNode, shown?: CallDetail): string {
  // The location a server render reads (there is no browser's here). Router's props type requires children,
  // which createElement's third argument does not satisfy.
  // biome-ignore lint/correctness/noChildrenProp: see above
  const routed = h(Router, { ssrPath: "/calls/c1", children: node });
  return portalMarkup(routed, availabilityIn("America/New_York"), (queryClient) => {
    if (shown) queryClient.setQueryData(callQueries.detail(api, shown._id).queryKey, shown);
  });
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

  it("names a caller whose number was never told (stored as 'unknown') in the portal's words, never by that word", () => {
    const web = callDetailOf({ customerName: null, fromNumber: "unknown" });
    const named = callDetailOf({ customerName: "Ada", fromNumber: "unknown" });
    const dashboard = (shown: CallDetail) =>
      render(h(RecentCallRow, { call: shown, timeZone: "America/New_York" }));
    const list = (shown: CallDetail) =>
      render(h(CallRow, { call: shown, href: "/calls/c1", timeZone: "America/New_York" }));
    const detail = (shown: CallDetail) => render(h(CallDetailPage, { params: { id: "c1" } }), shown);
    expect(linkTexts(dashboard(web))).toEqual(["Unknown caller"]);
    expect(linkTexts(dashboard(named))).toEqual(["Ada"]);
    expect(linkTexts(list(web))).toEqual(["Unknown caller"]);
    expect(linkTexts(list(named))).toEqual(["Ada"]);
    expect(detail(web).match(/<h1[^>]*>(.*?)<\/h1>/)?.[1]).toBe("Unknown caller");
    expect(detail(named).match(/<h1[^>]*>(.*?)<\/h1>/)?.[1]).toBe("Ada");
    for (const html of [
      dashboard(web),
      dashboard(named),
      list(web),
      list(named),
      detail(web),
      detail(named),
    ]) {
      expect(html).not.toMatch(/\bunknown\b/);
      expect(html).not.toContain('href="tel:');
    }
  });

  it("links a booking to its call and lists it on the privacy desk without the stored 'unknown'", () => {
    const bookingCall = (fromNumber: string) => ({ ...callDetailOf({ fromNumber }), recordingUrl: null });
    expect(linkTexts(render(h(BookingCallLink, { call: bookingCall("unknown") })))).toEqual([
      expect.stringMatching(/^Open the call</),
    ]);
    expect(linkTexts(render(h(BookingCallLink, { call: bookingCall("+15550001") })))).toEqual([
      expect.stringMatching(/^Open the call from \+15550001</),
    ]);
    const callerCall = {
      ...callDetailOf({ fromNumber: "unknown" }),
      hasTranscript: false,
    };
    const desk = render(h(CallerCalls, { calls: [callerCall], timeZone: "America/New_York" }));
    expect(desk).toContain(">Ada</span>");
    expect(desk).not.toMatch(/\bunknown\b/);
  });

  it("says Unknown caller for an empty name and gives no empty phone link", () => {
    expect(render(h(CallFacts, { call: nameless }))).toContain("Unknown caller");
    expect(render(h(CallFacts, { call: erased }))).not.toContain('href="tel:"');
  });
});
