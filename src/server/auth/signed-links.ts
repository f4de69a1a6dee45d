import { createHmac, timingSafeEqual } from "node:crypto";
import type { DownloadLink } from "@shared/download-link.schema";
import type { AuthContext } from "../http/app-env";
import { isUuid } from "../http/read-id-param";

/** How long a download link works: the browser opens it at once; the download it starts may run for hours. */
export const DOWNLOAD_LINK_SECONDS = 120;

/** The query parameter carrying a link's token. */
export const ACCESS_PARAM = "access";

/**
 * What a link is signed for: the path and its query, the parameters sorted and `access` left out, so the same
 * request spelled in another order passes and any other parameter or value does not.
 */
export function linkedResource(path: string, query: URLSearchParams): string {
  const params = [...query].filter(([name]) => name !== ACCESS_PARAM);
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
}

export type SignedLinks = {
  /** `resource` (a linkedResource) with a token for this staff member, valid until `expires`. */
  urlFor(auth: AuthContext, resource: string, expires: Date): string;
  /** The staff member a token was given to, if it is genuine, for this resource, and not expired. */
  verify(token: string, resource: string, now: Date): AuthContext | null;
};

/**
 * Links a browser can open without an Authorization header: an <audio> element's request, a download the
 * browser saves as it arrives. The token is an HMAC over (business, user, resource, expiry) with a key of its
 * own, derived from the JWT secret (an access token can never pass for one, nor one for an access token). The
 * guard that reads it (`userOrLink`) still checks that the user exists, so a removed account's links stop at once.
 */
export function createSignedLinks(jwtSecret: string): SignedLinks {
  const key = createHmac("sha256", jwtSecret).update("calldesk signed links").digest();
  const sign = (auth: AuthContext, resource: string, expires: number) =>
    createHmac("sha256", key)
      .update(`${auth.businessId}|${auth.userId}|${resource}|${expires}`)
      .digest("base64url");
  return {
    urlFor(auth, resource, expires) {
      const seconds = Math.floor(expires.getTime() / 1000);
      const token = `${auth.businessId}.${auth.userId}.${seconds}.${sign(auth, resource, seconds)}`;
      return `${resource}${resource.includes("?") ? "&" : "?"}${ACCESS_PARAM}=${token}`;
    },
    verify(token, resource, now) {
      const [businessId = "", userId = "", expiresText = "", signature = ""] = token.split(".");
      const expires = Number(expiresText);
      if (!isUuid(businessId) || !isUuid(userId) || !/^\d{1,12}$/.test(expiresText)) return null;
      if (expires * 1000 <= now.getTime()) return null;
      const auth = { businessId: businessId.toLowerCase(), userId: userId.toLowerCase() };
      const expected = Buffer.from(sign(auth, resource, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? auth : null;
    },
  };
}

/** A link to download `path` with `query` (the file route's own parameters), for this staff member, from `now`. */
export function downloadLinkFor(
  links: SignedLinks,
  auth: AuthContext,
  path: string,
  query: Record<string, string>,
  now: Date,
): DownloadLink {
  const expires = new Date((Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS) * 1000);
  const url = links.urlFor(auth, linkedResource(path, new URLSearchParams(query)), expires);
  return { url, expiresAt: expires.toISOString() };
}
