import { type } from "arktype";

/** Passwords: 8–128 characters, no composition rules (NIST 800-63B). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = type("string.email").and("string <= 254");

/** POST /api/auth/sign-up */
export const signUpBody = type({
  "+": "reject",
  email,
  password: `${PASSWORD_MIN} <= string <= ${PASSWORD_MAX}`,
});
export type SignUpBody = typeof signUpBody.infer;

/** POST /api/auth/sign-in: length is not checked beyond a DoS cap, so a policy change never locks anyone out. */
export const signInBody = type({
  "+": "reject",
  email: "string <= 254",
  password: `string <= ${PASSWORD_MAX}`,
});
export type SignInBody = typeof signInBody.infer;

/** The signed-in user as every auth endpoint returns it. */
export const sessionUser = type({
  id: "string",
  email: "string",
  businessId: "string",
  businessName: "string",
});
export type SessionUser = typeof sessionUser.infer;
