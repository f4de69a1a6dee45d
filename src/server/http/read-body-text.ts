import type { Context } from "hono";

/**
 * The request's body as text, the one way routes read it. A client gone before anything read the body (while an
 * earlier step awaited the database, say) left a stream whose socket closed unread: it would never end, and the
 * request would wait for ever. It fails at once instead, as a body cut off mid-way does (app.ts logs it at debug).
 */
export function readBodyText(c: Context): Promise<string> {
  if (c.req.raw.signal.aborted) return Promise.reject(new Error("aborted"));
  return c.req.text();
}
