import { gzipSync } from "node:zlib";
import type { ApiFailure, ApiSuccess } from "@shared/envelope";
import type { ApiErrorCode } from "@shared/error-codes";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorDetails } from "./api-error";

/**
 * Smaller answers go out as they are. One that fits in TCP's first flight (ten segments, some 14 KB with
 * headers) arrives no sooner for being smaller, while gzip costs the server a compressor per answer; a page of
 * ten calls (~3 KB) is well under it, a hundred calls or an OpenAPI document well over.
 */
export const GZIP_FROM_BYTES = 12 * 1024;

function acceptsGzip(header: string | undefined): boolean {
  return (header ?? "").split(",").some((entry) => {
    const [coding = "", ...params] = entry.split(";").map((part) => part.trim());
    const q = params.find((param) => param.startsWith("q="));
    return (coding.toLowerCase() === "gzip" || coding === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * An API answer is small and whole in memory, so it is gzipped here in one call (~15 µs for a page of calls)
 * with its Content-Length set; Hono's compress() would pipe it through a CompressionStream (~180 µs), and
 * does so for every answer that has no Content-Length, however small.
 */
function json(c: Context, body: ApiSuccess<unknown> | ApiFailure, status: ContentfulStatusCode) {
  const text = JSON.stringify(body);
  const length = Buffer.byteLength(text);
  if (length >= GZIP_FROM_BYTES && acceptsGzip(c.req.header("accept-encoding"))) {
    const gzipped = gzipSync(text);
    return c.body(gzipped, status, {
      "Content-Type": "application/json",
      "Content-Encoding": "gzip",
      "Content-Length": String(gzipped.length),
      Vary: "Accept-Encoding",
    });
  }
  return c.body(text, status, { "Content-Type": "application/json", "Content-Length": String(length) });
}

export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  const body: ApiSuccess<T> = { success: true, data };
  return json(c, body, status);
}

export function failure(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
  field?: string,
  details: ApiErrorDetails = {},
) {
  const body: ApiFailure = {
    success: false,
    error: { message, code, ...(field ? { field } : {}), ...details },
  };
  return json(c, body, status);
}
