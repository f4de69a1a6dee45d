import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * Proxy headers are honoured only with TRUST_PROXY (a count of proxies, 0 for none): otherwise any client could
 * forge them.
 */
const forwardedList = (c: Context, trustProxy: number, name: string) =>
  trustProxy > 0
    ? (c.req
        .header(name)
        ?.split(",")
        .map((entry) => entry.trim())
        .filter(Boolean) ?? [])
    : [];

export function isHttps(c: Context, trustProxy: number): boolean {
  // Proxies set X-Forwarded-Proto rather than append to it: the first value is the outermost one's.
  const proto =
    forwardedList(c, trustProxy, "x-forwarded-proto")[0] ?? new URL(c.req.url).protocol.replace(":", "");
  return proto.toLowerCase() === "https";
}

/** The scheme and host this request was addressed to, as a browser would write it in `Origin`. */
export function requestOrigin(c: Context, trustProxy: number): string {
  const url = new URL(c.req.url);
  return `${isHttps(c, trustProxy) ? "https" : "http"}://${c.req.header("host") ?? url.host}`;
}

/**
 * The client as the throttles know it. Each proxy appends the address it was reached from to X-Forwarded-For,
 * so of N trusted proxies the outermost wrote the Nth entry from the right; whatever stands left of it the
 * client wrote itself. Fewer entries than proxies (a request that skipped one) leaves the leftmost.
 */
export function clientAddress(c: Context, trustProxy: number): string {
  const hops = forwardedList(c, trustProxy, "x-forwarded-for");
  const appended = hops[Math.max(0, hops.length - trustProxy)];
  return appended ?? getConnInfo(c).remote.address ?? "unknown";
}
