import type { SignedLinks } from "../auth/signed-links";
import type { AuthContext } from "../http/app-env";

/** A link lives from one to two hours: the same link all of an hour, so a detail read again keeps the player's. */
const WINDOW_SECONDS = 3600;

const recordingPathOf = (callId: string) => `/api/calls/${callId}/recording`;

/**
 * Our copy's address for this staff member, playable by an <audio> element (a media request carries no
 * Authorization header): the recording route with a signed link's token only they can have been given.
 */
function recordingUrlFor(links: SignedLinks, auth: AuthContext, callId: string, now: Date): string {
  const expires = (Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
  return links.urlFor(auth, recordingPathOf(callId), new Date(expires * 1000));
}

/** A call as read with `hasCopy`, given its copy's address instead (only when there is a copy). */
export function withCopyUrl<T extends { _id: string; hasCopy: boolean }>(
  links: SignedLinks,
  auth: AuthContext,
  now: Date,
  { hasCopy, ...call }: T,
): Omit<T, "hasCopy"> & { recordingCopyUrl?: string } {
  return hasCopy ? { ...call, recordingCopyUrl: recordingUrlFor(links, auth, call._id, now) } : call;
}
