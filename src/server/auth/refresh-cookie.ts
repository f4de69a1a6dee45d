import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

export const REFRESH_COOKIE = "calldesk_refresh";

// Sent only to the auth endpoints, never readable by scripts, never on a cross-site request.
const base = (secure: boolean) =>
  ({ httpOnly: true, sameSite: "Strict", path: "/api/auth", secure }) as const;

export const readRefreshCookie = (c: Context) => getCookie(c, REFRESH_COOKIE);

export function setRefreshCookie(c: Context, token: string, maxAgeSeconds: number, secure: boolean) {
  setCookie(c, REFRESH_COOKIE, token, { ...base(secure), maxAge: maxAgeSeconds });
}

export function clearRefreshCookie(c: Context, secure: boolean) {
  deleteCookie(c, REFRESH_COOKIE, base(secure));
}
