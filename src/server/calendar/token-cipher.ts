import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Encrypts secrets at rest (Google's tokens, the voice platforms' webhook secrets): AES-256-GCM, a fresh
 * 12-byte IV each time, the tag authenticating both.
 */
export type TokenCipher = {
  encrypt(plain: string): string;
  /** Throws when the text was not made by `encrypt` under this key (tampered, or another key). */
  decrypt(stored: string): string;
};

/** Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url): the prefix leaves room for another scheme later. */
export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error("The calendar token key must be 32 bytes");
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), sealed]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    decrypt(stored) {
      const [version, iv, tag, sealed] = stored.split(".");
      if (version !== "v1" || !iv || !tag || sealed === undefined) throw new Error("Not an encrypted token");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}
