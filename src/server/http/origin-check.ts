import type { MiddlewareHandler } from "hono";
import type { AppConfig } from "../config";
import { Refusal } from "../refusal";
import { requestOrigin } from "./request-info";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths under /api that are called server-to-server and so carry no browser Origin: the voice assistant's
 * API, authenticated by X-Api-Key (never by a cookie, so a cross-site page gains nothing by calling it).
 * The staff routes that manage those keys, /api/assistant/keys, are not among them. Telegram's webhook posts
 * are authenticated by their secret path and header, Google Calendar's push notifications by their channel's
 * token, the voice platforms' webhooks (/api/integrations/vapi|retell/:connection) by their secret or signature.
 */
export const ORIGIN_CHECK_EXEMPT_PREFIXES: readonly string[] = [
  "/api/assistant/calls",
  "/api/assistant/config",
  "/api/assistant/bookings",
  "/api/assistant/phone-number",
  "/api/telegram/webhook",
  "/api/calendar/notifications",
  "/api/integrations",
];

export const isOriginCheckExempt = (path: string) =>
  ORIGIN_CHECK_EXEMPT_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * CSRF defence for the JSON API (Hono's csrf() only looks at form content types): a state-changing request
 * must come from the app's own origin, or say it is same-origin through Sec-Fetch-Site.
 */
export function originCheck(config: Pick<AppConfig, "appOrigin" | "trustProxy">): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isOriginCheckExempt(c.req.path)) return next();
    const origin = c.req.header("origin");
    const allowed =
      origin === undefined
        ? c.req.header("sec-fetch-site") === "same-origin"
        : origin === (config.appOrigin ?? requestOrigin(c, config.trustProxy));
    if (!allowed) throw new Refusal("FORBIDDEN_ORIGIN", "Cross-origin request refused");
    return next();
  };
}
