import { type } from "arktype";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./auth.constants";
import { EMAIL_PATTERN } from "./email-address";

/** The shared rule (`email-address.ts`), as a pattern OpenAPI shows, refused as "must be an email address". */
const email = type(`string <= ${EMAIL_MAX}`).and(
  type.schema({ domain: "string", pattern: { rule: EMAIL_PATTERN.source, meta: "an email address" } }),
);

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
  email: `string <= ${EMAIL_MAX}`,
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
