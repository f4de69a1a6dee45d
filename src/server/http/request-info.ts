import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** Proxy headers are honoured only with TRUST_PROXY: otherwise any client could forge them. */
const forwarded = (c: Context, trustProxy: boolean, name: string) =>
  trustProxy ? c.req.header(name)?.split(",")[0]?.trim() || undefined : undefined;

export function isHttps(c: Context, trustProxy: boolean): boolean {
  const proto = forwarded(c, trustProxy, "x-forwarded-proto") ?? new URL(c.req.url).protocol.replace(":", "");
  return proto.toLowerCase() === "https";
}

/** The scheme and host this request was addressed to, as a browser would write it in `Origin`. */
export function requestOrigin(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  return `${isHttps(c, trustProxy) ? "https" : "http"}://${c.req.header("host") ?? url.host}`;
}

export function clientAddress(c: Context, trustProxy: boolean): string {
  return forwarded(c, trustProxy, "x-forwarded-for") ?? getConnInfo(c).remote.address ?? "unknown";
}
