import { describe, expect, it } from "vitest";
import { callEnding, UNKNOWN_ENDING } from "../../src/server/integrations/call-endings";

const endingOf = (provider: "vapi" | "retell", reason: string | undefined) => {
  const unknown: string[] = [];
  const ending = callEnding(provider, reason, (r) => unknown.push(r));
  return { ...ending, logged: unknown };
};

describe("the platforms' ended reasons as our call statuses", () => {
  it("reads each platform's own words in its own table", () => {
    expect(endingOf("vapi", "customer-ended-call")).toEqual({
      status: "completed",
      outcome: null,
      logged: [],
    });
    expect(endingOf("vapi", "customer-did-not-answer")).toEqual({
      status: "missed",
      outcome: "no-action",
      logged: [],
    });
    expect(endingOf("retell", "dial_no_answer")).toEqual({
      status: "missed",
      outcome: "no-action",
      logged: [],
    });
    expect(endingOf("retell", "dial_failed")).toEqual({ status: "failed", outcome: "no-action", logged: [] });
    // One platform's reason means nothing to the other.
    expect(endingOf("retell", "customer-did-not-answer")).toEqual({
      ...UNKNOWN_ENDING,
      logged: ["customer-did-not-answer"],
    });
  });

  it("fails every member of an error family, including one added after this release", () => {
    for (const reason of [
      "pipeline-error-deepgram-transcriber-failed",
      "call.start.error-get-org",
      "call.in-progress.error-providerfault-openai-llm-failed",
      "assistant-request-returned-error",
      "twilio-failed-to-connect-call",
    ])
      expect(endingOf("vapi", reason)).toEqual({ status: "failed", outcome: "no-action", logged: [] });
    expect(endingOf("retell", "error_llm_websocket_some_new_way")).toMatchObject({
      status: "failed",
      logged: [],
    });
  });

  it("stores an unknown or absent reason as completed, logging the unknown one, and finds nothing every object has", () => {
    expect(endingOf("vapi", "teleported")).toEqual({ ...UNKNOWN_ENDING, logged: ["teleported"] });
    expect(endingOf("retell", "toString")).toEqual({ ...UNKNOWN_ENDING, logged: ["toString"] });
    expect(endingOf("vapi", undefined)).toEqual({ ...UNKNOWN_ENDING, logged: [] });
    expect(endingOf("vapi", "customerBusy")).toEqual({ status: "missed", outcome: "no-action", logged: [] });
  });
});
