import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { failure } from "./respond";

/**
 * Refuses a request body over `maxBytes` (or the larger limit `larger` gives its path, or a prefix of it ending
 * in "/") with 413. A declared length is checked up front (Node's parser holds
 * the body to it), which leaves the Node adapter free to hand the body over in one piece; asking it for a body
 * stream instead builds a whole fetch Request, a large share of a fast request. Only a body of unknown length
 * is counted as it streams. Reads skip it: no GET or HEAD handler reads a body.
 */
export function requestBodyLimit(
  maxBytes: number,
  larger: Readonly<Record<string, number>> = {},
): MiddlewareHandler {
  const limiter = (limit: number) => {
    const tooLarge = (c: Context) =>
      failure(c, "PAYLOAD_TOO_LARGE", `The request body exceeds ${limit} bytes`);
    return { limit, tooLarge, countBody: bodyLimit({ maxSize: limit, onError: tooLarge }) };
  };
  const standard = limiter(maxBytes);
  const byPath = new Map(Object.entries(larger).map(([path, limit]) => [path, limiter(limit)]));
  return (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const { limit, tooLarge, countBody } =
      byPath.get(c.req.path) ??
      [...byPath].find(([path]) => path.endsWith("/") && c.req.path.startsWith(path))?.[1] ??
      standard;
    const declared = c.req.header("content-length");
    if (declared !== undefined && /^\d+$/.test(declared)) {
      return Number(declared) > limit ? Promise.resolve(tooLarge(c)) : next();
    }
    return countBody(c, next);
  };
}
