import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTokenCipher } from "../../src/server/calendar/token-cipher";

describe("token cipher", () => {
  const cipher = createTokenCipher(randomBytes(32));

  it("gives back what it sealed, and never the same text twice", () => {
    const token = "1//0g-refresh-token_Ωπ";
    const [first, second] = [cipher.encrypt(token), cipher.encrypt(token)];
    expect(first).not.toEqual(second);
    expect(first).not.toContain("refresh");
    expect(cipher.decrypt(first)).toBe(token);
    expect(cipher.decrypt(second)).toBe(token);
  });

  it("refuses a text changed by one character, sealed under another key, or not sealed at all", () => {
    const sealed = cipher.encrypt("ya29.access");
    // The sealed text's first character: all six of its bits are the text's (a last one may carry padding
    // bits only, which decode to the same bytes whatever they are).
    const [version, iv, tag, text] = sealed.split(".");
    const changed = `${text!.startsWith("A") ? "B" : "A"}${text!.slice(1)}`;
    expect(() => cipher.decrypt([version, iv, tag, changed].join("."))).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(sealed)).toThrow();
    expect(() => cipher.decrypt("ya29.access")).toThrow();
  });
});
