import type { CallDetail } from "@shared/calls.schema";
import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { CallDetailPage } from "../../src/client/features/calls/call-detail-page";
import { callQueries } from "../../src/client/features/calls/calls.queries";
import { api, availabilityIn, callDetailOf, portalMarkup } from "../support/portal-markup";

/** The call page of `shown`, for a business in New York. */
function page(shown: CallDetail): string {
  // biome-ignore lint/correctness/noChildrenProp: Router's props type requires children (see caller-name.test.ts)
  const routed = h(Router, { ssrPath: "/calls/c1", children: h(CallDetailPage, { params: { id: "c1" } }) });
  return portalMarkup(routed, availabilityIn("America/New_York"), (queryClient) =>
    queryClient.setQueryData(callQueries.detail(api, shown._id).queryKey, shown),
  );
}

describe("a call the server ended because its end was never reported", () => {
  it("says so on its page, with when on the business's clock", () => {
    const html = page(
      callDetailOf({ status: "failed", outcome: "no-action", endUnreportedAt: "2026-11-25T04:15:00.000Z" }),
    );
    expect(html).toContain(
      "The voice assistant never reported how this call ended, so it was marked failed on Tuesday, November 24, 2026 at 23:15.",
    );
  });

  it("says nothing of it for a call whose end was reported", () => {
    expect(page(callDetailOf({ status: "failed", outcome: "no-action" }))).not.toContain(
      "data-end-unreported",
    );
  });
});
