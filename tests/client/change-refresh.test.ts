import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refreshAfterBookingChange } from "../../src/client/features/bookings/booking-change-refresh";
import { bookingQueries } from "../../src/client/features/bookings/bookings.queries";
import { callQueries } from "../../src/client/features/calls/calls.queries";
import { createApiClient } from "../../src/client/lib/api-client";
import { availabilityQueries } from "../../src/client/lib/availability-queries";
import { refreshAfterServiceChange, serviceQueries } from "../../src/client/lib/service-queries";

const api = createApiClient({ baseURL: "http://portal.test/api" });
const serviceId = "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15";

/** A cache as the screens leave it: the dialog's and the preview's free times, a call's detail, the lists. */
function cached() {
  const queryClient = new QueryClient();
  // Keys as the cache knows them; what each holds does not matter here.
  const keys: Record<
    "dialogSlots" | "previewSlots" | "callDetail" | "bookings" | "services" | "availability",
    QueryKey
  > = {
    dialogSlots: availabilityQueries.slots(api, { bookingId: "b1", from: "2026-11-27", to: "2026-11-27" })
      .queryKey,
    previewSlots: availabilityQueries.slots(api, { serviceId, from: "2026-11-23", to: "2026-11-29" })
      .queryKey,
    callDetail: callQueries.detail(api, "c1").queryKey,
    bookings: bookingQueries.counts(api).queryKey,
    services: serviceQueries.list(api).queryKey,
    availability: availabilityQueries.detail(api).queryKey,
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
  const stale = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, keys, stale };
}

describe("free times and calls are fetched again after a change that moves them", () => {
  it("marks the free times, the calls and the bookings stale after a booking change or refusal", async () => {
    const { queryClient, keys, stale } = cached();
    await refreshAfterBookingChange(queryClient);
    expect(stale(keys.dialogSlots)).toBe(true);
    expect(stale(keys.previewSlots)).toBe(true);
    expect(stale(keys.callDetail)).toBe(true);
    expect(stale(keys.bookings)).toBe(true);
    // Not what a booking does not change.
    expect(stale(keys.services)).toBe(false);
    expect(stale(keys.availability)).toBe(false);
  });

  it("marks the free times stale after a service change", async () => {
    const { queryClient, keys, stale } = cached();
    await refreshAfterServiceChange(queryClient);
    expect(stale(keys.services)).toBe(true);
    expect(stale(keys.previewSlots)).toBe(true);
    expect(stale(keys.callDetail)).toBe(false);
  });
});
