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
  it("has its own words for every reason the server gives about a secret or a signature", () => {
    const stale = now.getTime() - 6 * 60_000;
    const reasons = [
      vapiSignatureProblem(body, secret, headers({ authorization: "Bearer wrong" }), now),
      vapiSignatureProblem(body, secret, headers({ "x-vapi-secret": "wrong" }), now),
      vapiSignatureProblem(body, secret, headers({}), now),
      vapiSignatureProblem(body, secret, headers({ "x-signature": "ab", "x-timestamp": "soon" }), now),
      vapiSignatureProblem(body, secret, headers(vapiHmacHeaders(body, secret, stale)), now),
      vapiSignatureProblem(body, secret, headers(vapiHmacHeaders(body, "other", now.getTime())), now),
      retellSignatureProblem(body, secret, undefined, now),
      retellSignatureProblem(body, secret, retellSignature(body, secret, stale), now),
      retellSignatureProblem(body, secret, retellSignature(body, "other", now.getTime()), now),
    ];
    expect(new Set(reasons).size).toBe(7);
    for (const reason of reasons) {
      expect(reason).not.toBeNull();
      expect(deliveryReason(reason!).kind, reason!).toBe("known");
    }
  });

  it("shows any other reason as a message that could not be read, naming what the server named", () => {
    expect(deliveryReason("message.type must be a string (was missing)")).toEqual({
      kind: "unreadable",
      detail: "message.type must be a string (was missing)",
    });
    // A reason is not looked up along the prototype chain.
    expect(deliveryReason("constructor").kind).toBe("unreadable");
  });
});
