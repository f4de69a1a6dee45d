import { DELIVERY_REASON_CODES } from "@shared/assistant-platforms.constants";
import { describe, expect, it } from "vitest";
import { deliveryReason } from "../../src/client/features/voice-platforms/delivery-reasons";
import {
  retellSignatureProblem,
  vapiSignatureProblem,
} from "../../src/server/integrations/webhook-signatures";
import { retellSignature, vapiHmacHeaders } from "../support/platform-deliveries";

const now = new Date("2026-11-27T10:00:00.000Z");
const body = '{"message":{"type":"status-update"}}';
const secret = "cds_the-right-secret";
const headers = (values: Record<string, string>) => (name: string) => values[name];

describe("the card's words for why a delivery was refused", () => {
  it("words each secret or signature problem by its code, not by the server's English", () => {
    const stale = now.getTime() - 6 * 60_000;
    const problems = [
      vapiSignatureProblem(body, secret, headers({ authorization: "Bearer wrong" }), now),
      vapiSignatureProblem(body, secret, headers({ "x-vapi-secret": "wrong" }), now),
      vapiSignatureProblem(body, secret, headers({}), now),
      vapiSignatureProblem(body, secret, headers({ "x-signature": "ab", "x-timestamp": "soon" }), now),
      vapiSignatureProblem(body, secret, headers(vapiHmacHeaders(body, secret, stale)), now),
      vapiSignatureProblem(body, secret, headers(vapiHmacHeaders(body, "other", now.getTime())), now),
      retellSignatureProblem(body, secret, undefined, now),
      retellSignatureProblem(body, secret, retellSignature(body, secret, stale), now),
      retellSignatureProblem(body, secret, retellSignature(body, "other", now.getTime()), now),
    ].map((problem) => problem!);
    expect(problems.map((problem) => problem.code)).toEqual([
      "wrong_secret",
      "wrong_secret",
      "no_credential",
      "no_timestamp",
      "stale_timestamp",
      "bad_signature",
      "no_signature",
      "stale_timestamp",
      "bad_signature",
    ]);
    for (const { code, reason } of problems) {
      // Any English at all: the words come from the code.
      const words = deliveryReason({ reasonCode: code, reason: "whatever the server said" });
      expect(words, reason).toEqual({
        message: expect.objectContaining({ id: expect.any(String) }),
        detail: null,
      });
    }
  });

  it("has its own words for every code, each different, with the server's English as a detail where it names the fault", () => {
    const worded = DELIVERY_REASON_CODES.map((code) =>
      deliveryReason({ reasonCode: code, reason: "the detail" }),
    );
    const ids = worded.map((words) => words?.message.id);
    expect(new Set(ids).size).toBe(DELIVERY_REASON_CODES.length);
    const detailed = DELIVERY_REASON_CODES.filter((_, index) => worded[index]?.detail === "the detail");
    expect(detailed).toEqual(["unreadable_payload", "unknown_tool", "bad_arguments", "unknown_service"]);
  });

  it("gives no reason for a delivery that was not refused", () => {
    expect(deliveryReason({ reasonCode: null, reason: null })).toBeNull();
  });
});
