import { expect } from "vitest";
import type { SessionUser } from "../../src/shared/auth.schema";
import { accessTokenOf, type Requester, readEnvelope, refreshCookieOf } from "./server-harness";

export type SignedIn = { user: SessionUser; accessToken: string; refreshCookie: string };

let counter = 0;
/** A unique address per call, so tests never collide on the unique email. */
export const uniqueEmail = (label = "user") => `${label}-${Date.now().toString(36)}-${counter++}@example.com`;

async function session(response: Response): Promise<SignedIn> {
  const body = await readEnvelope<SessionUser>(response);
  if (!body.success) throw new Error(`expected a session, got ${response.status} ${JSON.stringify(body)}`);
  return {
    user: body.data,
    accessToken: accessTokenOf(response)!,
    refreshCookie: refreshCookieOf(response)!,
  };
}

export async function signUp(
  server: Requester,
  email = uniqueEmail(),
  password = "correct horse",
): Promise<SignedIn> {
  return session(await server.request("/api/auth/sign-up", { json: { email, password } }));
}

export async function signIn(server: Requester, email: string, password: string): Promise<SignedIn> {
  return session(await server.request("/api/auth/sign-in", { json: { email, password } }));
}

export async function refresh(server: Requester, refreshCookie: string): Promise<Response> {
  return server.request("/api/auth/refresh", { method: "POST", refreshCookie });
}

/**
 * `path` is for signed-in staff of the app's own origin: asked without a token it answers 401, and `staff`'s
 * `method` with `json` sent from another origin is refused with 403.
 */
export async function expectOwnOriginStaffOnly(
  server: Requester,
  staff: SignedIn,
  path: string,
  method: "POST" | "PUT",
  json: unknown,
) {
  expect((await server.request(path)).status).toBe(401);
  const foreign = await server.request(path, {
    method,
    json,
    accessToken: staff.accessToken,
    origin: "https://evil.example",
  });
  expect(foreign.status).toBe(403);
}
