import { createHmac, timingSafeEqual } from "node:crypto";
import type { AuthContext } from "../http/app-env";
import { isUuid } from "../http/read-id-param";

/** A link lives from one to two hours: the same link all of an hour, so a detail read again keeps the player's. */
const WINDOW_SECONDS = 3600;

export type RecordingLinks = {
  /** Our copy's address for this staff member: the recording route with a token only they can have been given. */
  urlFor(auth: AuthContext, callId: string, now: Date): string;
  /** The staff member a token was given to, if it is genuine, for this call, and not expired. */
  verify(token: string, callId: string, now: Date): AuthContext | null;
};

/** A call as read with `hasCopy`, given its copy's address instead (only when there is a copy). */
export function withCopyUrl<T extends { _id: string; hasCopy: boolean }>(
  links: RecordingLinks,
  auth: AuthContext,
  now: Date,
  { hasCopy, ...call }: T,
): Omit<T, "hasCopy"> & { recordingCopyUrl?: string } {
  return hasCopy ? { ...call, recordingCopyUrl: links.urlFor(auth, call._id, now) } : call;
}

export const recordingPathOf = (callId: string) => `/api/calls/${callId}/recording`;

/**
 * Links an <audio> element can play: a browser sends no Authorization header with a media request, so the
 * recording route also takes a token in its query — an HMAC over (business, user, session, call, expiry) with a
 * key of its own, derived from the JWT secret (an access token can never pass for one, nor one for an access
 * token). Only a signed-in staff member's request for the call is given one; the route checks that its session
 * is still live, as for an access token, so the links of a session signed out or a removed account stop at once.
 */
export function createRecordingLinks(jwtSecret: string): RecordingLinks {
  const key = createHmac("sha256", jwtSecret).update("calldesk recording links").digest();
  const sign = (auth: AuthContext, callId: string, expires: number) =>
    createHmac("sha256", key)
      .update(`${auth.businessId}|${auth.userId}|${auth.sessionId}|${callId.toLowerCase()}|${expires}`)
      .digest("base64url");
  return {
    urlFor(auth, callId, now) {
      const expires = (Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      const token = `${auth.businessId}.${auth.userId}.${auth.sessionId}.${expires}.${sign(auth, callId, expires)}`;
      return `${recordingPathOf(callId)}?access=${token}`;
    },
    verify(token, callId, now) {
      const [businessId = "", userId = "", sessionId = "", expiresText = "", signature = ""] =
        token.split(".");
      const expires = Number(expiresText);
      if (![businessId, userId, sessionId].every(isUuid) || !/^\d{1,12}$/.test(expiresText)) return null;
      if (expires * 1000 <= now.getTime()) return null;
      const auth = {
        businessId: businessId.toLowerCase(),
        userId: userId.toLowerCase(),
        sessionId: sessionId.toLowerCase(),
      };
      const expected = Buffer.from(sign(auth, callId, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? auth : null;
    },
  };
}
