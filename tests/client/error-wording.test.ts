import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/client/lib/api-client";
import { failureMessage, failureOf } from "../../src/client/lib/error-wording";

const english = (failure: Parameters<typeof failureMessage>[0]) => failureMessage(failure)?.message;

describe("what the user reads for a failed call (one mapping, from code and field)", () => {
  it("speaks about the field at fault of a VALIDATION failure", () => {
    expect(english({ status: 400, code: "VALIDATION", field: "email" })).toBe("Enter a valid email address.");
    expect(english({ status: 400, code: "VALIDATION", field: "password" })).toMatch(/^The password must be/);
    expect(english({ status: 400, code: "VALIDATION", field: "startTime" })).toMatch(/^The clocks change/);
    // A field no form of ours asks for: the code's own words.
    expect(english({ status: 400, code: "VALIDATION", field: "transcript[2].text" })).toMatch(/not accepted/);
  });

  it("has words for every code the server sends", () => {
    expect(english({ status: 409, code: "EMAIL_TAKEN" })).toBe("An account with this email already exists");
    expect(english({ status: 409, code: "CONFLICT", field: "name" })).toMatch(/already exists/);
    expect(english({ status: 503, code: "UNAVAILABLE" })).toMatch(/unavailable/);
    expect(english({ status: 500, code: "INTERNAL" })).toMatch(/went wrong/);
  });

  it("goes by the status when the answer had no envelope (a proxy's 503), and stays silent otherwise", () => {
    expect(english({ status: 503 })).toMatch(/unavailable/);
    expect(english({ status: 502, code: "SOMETHING_NEWER" })).toMatch(/unavailable/);
    expect(english({ status: 500 })).toMatch(/went wrong/);
    expect(english({ status: 429 })).toMatch(/Too many attempts/);
    expect(english({ status: 400 })).toBeUndefined();
    expect(english({})).toBeUndefined();
  });

  it("reads the facts of API errors only", () => {
    const error = new ApiError("email must be an email address", { status: 400, code: "VALIDATION" });
    expect(failureOf(error)).toBe(error);
    expect(failureOf(new Error("boom"))).toBeUndefined();
  });
});
