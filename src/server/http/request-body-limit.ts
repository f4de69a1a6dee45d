import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { failure } from "./respond";

/**
 * Refuses a request body over `maxBytes` with 413. A declared length is checked up front (Node's parser holds
 * the body to it), which leaves the Node adapter free to hand the body over in one piece; asking it for a body
 * stream instead builds a whole fetch Request, a large share of a fast request. Only a body of unknown length
 * is counted as it streams. Reads skip it: no GET or HEAD handler reads a body.
 */
export function requestBodyLimit(maxBytes: number): MiddlewareHandler {
  const tooLarge = (c: Context) =>
    failure(c, 413, "PAYLOAD_TOO_LARGE", `The request body exceeds ${maxBytes} bytes`);
  const countBody = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const declared = c.req.header("content-length");
    if (declared !== undefined && /^\d+$/.test(declared)) {
      return Number(declared) > maxBytes ? Promise.resolve(tooLarge(c)) : next();
    }
    return countBody(c, next);
  };
}
