import type { SessionUser } from "@shared/auth.schema";
import { handCheck } from "./response-schema";

const isSessionUser = (value: unknown): value is SessionUser =>
  typeof value === "object" &&
  value !== null &&
  "id" in value &&
  typeof value.id === "string" &&
  "email" in value &&
  typeof value.email === "string" &&
  "businessId" in value &&
  typeof value.businessId === "string" &&
  "businessName" in value &&
  typeof value.businessName === "string";

/**
 * `sessionUser` of @shared/auth.schema, checked by hand: the start-up refresh runs from the entry chunk, where
 * arktype must not be (it would cost the sign-in page a third of its JS budget). A test holds the two to the
 * same verdicts (tests/client/session-user-check.test.ts).
 */
export const sessionUserCheck = handCheck(isSessionUser, "a signed-in user");

/** The refresh's answer: the user, or null when there is no session to resume. */
export const sessionOrNoneCheck = handCheck(
  (value): value is SessionUser | null => value === null || isSessionUser(value),
  "a signed-in user or null",
);
