import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppConfig } from "../config";
import { isHttps } from "./request-info";

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Headers for every response. `inlineScriptHashes` are the CSP sources of index.html's inline scripts
 * (the theme-before-paint script), so no 'unsafe-inline' or 'unsafe-eval' is ever needed for scripts.
 * A handler that sets one of these headers itself keeps its own (the calendar's OAuth callback page: its
 * own script hash, and an opener policy that does not cut the popup from the portal).
 */
export function securityHeaders(
  config: Pick<AppConfig, "trustProxy">,
  inlineScriptHashes: readonly string[],
): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`)],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      mediaSrc: ["'self'", "https:", "blob:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    // The calendar OAuth popup posts back to its opener; plain 'same-origin' would sever that link.
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    // Set below, and only over https: a browser ignores it on http, and a dev on http must not be pinned.
    strictTransportSecurity: false,
    overwrite: false,
  });
  return async (c, next) => {
    await headers(c, next);
    if (isHttps(c, config.trustProxy)) c.res.headers.set("Strict-Transport-Security", HSTS);
  };
}
