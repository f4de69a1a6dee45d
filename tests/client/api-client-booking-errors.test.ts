import { describe, expect, it } from "vitest";
import { ApiError, createApiClient } from "../../src/client/lib/api-client";

/** A client whose every request gets `body` back with `status`. */
const answering = (status: number, body: unknown) =>
  createApiClient({
    baseURL: "http://portal.test/api",
    fetch: () =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
      ),
  });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable("the request should fail"),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );

describe("the API client's errors carry what the envelope says about a booking", () => {
  it("the booking's status now, for BOOKING_STATUS and BOOKING_CHANGED", async () => {
    const api = answering(409, {
      success: false,
      error: { message: "changed", code: "BOOKING_CHANGED", currentStatus: "cancelled" },
    });
    const error = await failureOf(api.put("/bookings/b1", "none", { status: "confirmed" }));
    expect(error).toMatchObject({ status: 409, code: "BOOKING_CHANGED", currentStatus: "cancelled" });
    expect(error.nextFreeSlots).toBeUndefined();
  });

  it("the next free starts for SLOT_TAKEN, ignoring what is not a status or a list of instants", async () => {
    const slots = ["2026-11-27T15:00:00.000Z", "2026-11-27T15:15:00.000Z"];
    const api = answering(409, {
      success: false,
      error: { message: "taken", code: "SLOT_TAKEN", nextFreeSlots: [...slots, 42], currentStatus: "lost" },
    });
    const error = await failureOf(api.post("/bookings", "none", {}));
    expect(error).toMatchObject({ code: "SLOT_TAKEN", nextFreeSlots: slots });
    expect(error.currentStatus).toBeUndefined();
  });
});
