import { sessionUser, signInBody, signUpBody } from "@shared/auth.schema";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { clientAddress, isHttps } from "../http/request-info";
import { failure, ok } from "../http/respond";
import { Refusal, unauthenticated } from "../refusal";
import { createAccount } from "./accounts";
import { knownDeviceOf, startDeviceSession } from "./device-sessions";
import { verifyAgainstDummy, verifyPassword } from "./passwords";
import { clearRefreshCookie, readRefreshCookie } from "./refresh-cookie";
import { revokeEveryFamily, revokeRefreshFamily, rotateRefreshToken } from "./refresh-sessions";
import { respondWithSession } from "./session-response";
import { countSignUp, recordSignInSuccess, reserveSignInAttempt, throttleKeys } from "./throttle";
import { findSessionUser, findUserByEmail, normalizeEmail } from "./users.repo";

const BEARER_HEADER = { Authorization: "Bearer <access token> (HS256 JWT, at most 15 minutes)" };
const REFRESH_HEADER = { "Set-Cookie": "calldesk_refresh: HttpOnly, SameSite=Strict, Path=/api/auth" };
const SESSION_HEADERS = { ...BEARER_HEADER, ...REFRESH_HEADER };
const SIGN_IN_HEADERS = {
  ...BEARER_HEADER,
  "Set-Cookie":
    "calldesk_refresh and calldesk_device (the browser's device id, 400 days): HttpOnly, SameSite=Strict, Path=/api/auth",
};

export function authRoutes(deps: AppDeps, guards: RouteGuards) {
  const { db, config, clock } = deps;
  const router = new ApiRouter("/api/auth", guards);
  const secure = (c: Parameters<typeof isHttps>[0]) => isHttps(c, config.trustProxy);

  router.add(
    {
      method: "post",
      path: "/sign-up",
      summary: "Create a business and its first user, and sign in",
      body: signUpBody,
      response: sessionUser,
      status: 201,
      responseHeaders: SIGN_IN_HEADERS,
      errors: ["EMAIL_TAKEN", "THROTTLED"],
    },
    async (c, { body }) => {
      const now = clock();
      await countSignUp(db, clientAddress(c, config.trustProxy), config.signUpLimit, now);
      const user = await createAccount(db, normalizeEmail(body.email), body.password, now);
      const auth = { userId: user.id, businessId: user.businessId };
      const refresh = await startDeviceSession(db, c, { auth, now, signIn: false, secure: secure(c) });
      return respondWithSession(c, deps, user, refresh, 201);
    },
  );

  router.add(
    {
      method: "post",
      path: "/sign-in",
      summary: "Sign in with email and password",
      body: signInBody,
      response: sessionUser,
      responseHeaders: SIGN_IN_HEADERS,
      errors: ["INVALID_CREDENTIALS", "THROTTLED"],
    },
    async (c, { body }) => {
      const now = clock();
      const email = normalizeEmail(body.email);
      const user = await findUserByEmail(db, email);
      const knownDevice = user ? await knownDeviceOf(db, c, user.id) : null;
      const keys = throttleKeys(email, clientAddress(c, config.trustProxy), knownDevice);
      const reservation = await reserveSignInAttempt(db, keys, now);
      const valid = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await verifyAgainstDummy(body.password);
      const session = user && valid ? await findSessionUser(db, user.businessId, user.id) : null;
      if (!session) {
        // The counts reserved stand as the failure. One answer for an unknown email and a wrong password:
        // accounts cannot be enumerated here.
        throw new Refusal("INVALID_CREDENTIALS", "Invalid email or password");
      }
      await recordSignInSuccess(db, reservation);
      const auth = { userId: session.id, businessId: session.businessId };
      const refresh = await startDeviceSession(db, c, { auth, now, signIn: true, secure: secure(c) });
      return respondWithSession(c, deps, session, refresh);
    },
  );

  router.add(
    {
      method: "post",
      path: "/refresh",
      summary: "Rotate the refresh cookie and get a new access token",
      description:
        "Without a refresh cookie there is no session to resume: the answer is 200 with `data: null` (a visitor " +
        "who is not signed in is not an error). A cookie that is unknown, expired, revoked or already used " +
        "answers 401 and clears the cookie.",
      response: sessionUser.or("null"),
      responseHeaders: SESSION_HEADERS,
      examples: { response: null },
      errors: ["UNAUTHENTICATED"],
    },
    async (c) => {
      const presented = readRefreshCookie(c);
      if (!presented) return ok(c, null);
      const result = await rotateRefreshToken(db, presented, clock());
      const user = result.ok ? await findSessionUser(db, result.auth.businessId, result.auth.userId) : null;
      if (!result.ok || !user) {
        clearRefreshCookie(c, secure(c));
        return failure(c, "UNAUTHENTICATED", "Authentication required");
      }
      return respondWithSession(c, deps, user, result.refresh);
    },
  );

  router.add(
    {
      method: "post",
      path: "/sign-out",
      summary: "End the session of the refresh cookie (always succeeds)",
      response: null,
      responseHeaders: REFRESH_HEADER,
      errors: [],
    },
    async (c) => {
      const presented = readRefreshCookie(c);
      if (presented) await revokeRefreshFamily(db, presented, clock());
      clearRefreshCookie(c, secure(c));
      return ok(c, null);
    },
  );

  router.add(
    {
      method: "post",
      path: "/sign-out-everywhere",
      summary: "End every session of the signed-in user, this one included",
      description:
        "Revokes every refresh token family of the user, on every device: their refresh cookies are refused, " +
        "and so are their access tokens from the next request on, whichever instance answers it. Clears this " +
        "browser's refresh cookie and records `session.signed_out_everywhere` in the activity log.",
      auth: "user",
      response: null,
      responseHeaders: REFRESH_HEADER,
      errors: [],
    },
    async (c) => {
      await revokeEveryFamily(db, c.get("auth"), clock());
      clearRefreshCookie(c, secure(c));
      return ok(c, null);
    },
  );

  router.add(
    {
      method: "get",
      path: "/me",
      summary: "The signed-in user",
      auth: "user",
      response: sessionUser,
      errors: [],
    },
    async (c) => {
      const { businessId, userId } = c.get("auth");
      const user = await findSessionUser(db, businessId, userId);
      if (!user) throw unauthenticated();
      return ok(c, user);
    },
  );

  return router;
}
