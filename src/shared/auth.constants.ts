// Kept apart from auth.schema.ts so the sign-in page can use them without loading arktype.

/** RFC 5321 caps a forward path at 256 octets, 254 of them the address. */
export const EMAIL_MAX = 254;

/** Passwords: 8–128 characters, no composition rules (NIST SP 800-63B). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
