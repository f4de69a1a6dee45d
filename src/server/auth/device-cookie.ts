import { createHash, randomBytes } from "node:crypto";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";

export const DEVICE_COOKIE = "calldesk_device";

/** As long as browsers keep a cookie (Chrome caps Max-Age at 400 days); renewed at every sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * The browser's device id: a random value in a long-lived cookie, sent only to the auth endpoints and never
 * readable by scripts. It grants nothing: it only tells a sign-in from a browser the user signed in on before
 * from one from a new device (which the audit log records). A missing or malformed cookie is a new device.
 */
export const readDeviceId = (c: Context): string | null => {
  const value = getCookie(c, DEVICE_COOKIE);
  return value !== undefined && DEVICE_ID.test(value) ? value : null;
};

export const newDeviceId = () => randomBytes(32).toString("base64url");

/** Only this digest is stored, as with refresh tokens. */
export const hashDeviceId = (deviceId: string) => createHash("sha256").update(deviceId).digest("hex");

export function setDeviceCookie(c: Context, deviceId: string, secure: boolean) {
  setCookie(c, DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: "Strict",
    path: "/api/auth",
    secure,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
