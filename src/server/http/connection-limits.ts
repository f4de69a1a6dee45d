import type { ServerOptions } from "node:http";
import type { Server, Socket } from "node:net";
import type { ConnectionLimits } from "../config";
import { addressKey } from "./address-key";

/**
 * Node's own limits on a slow client: the whole request (body included) within the request timeout, its
 * headers within the headers timeout, else 408 and the connection closed. Node looks for late requests every
 * `connectionsCheckingInterval` (30 s by default, which would let a 1 s timeout run 31 s): every second here.
 */
export const requestTimeoutOptions = (limits: ConnectionLimits): ServerOptions => ({
  requestTimeout: limits.requestTimeoutSeconds * 1000,
  headersTimeout: limits.headersTimeoutSeconds * 1000,
  connectionsCheckingInterval: 1000,
});

/**
 * Caps the open connections: `limits.max` in all (Node closes any beyond at once) and, unless the clients come
 * through a proxy (every connection is then the proxy's, which limits its own clients), `limits.perAddress`
 * from one address (an IPv6 client's /64: `addressKey`), so one client trickling bytes over many connections
 * cannot take every one there is.
 */
export function limitConnections(server: Server, limits: ConnectionLimits, behindProxy: boolean): void {
  server.maxConnections = limits.max;
  if (behindProxy) return;
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = addressKey(socket.remoteAddress ?? "unknown");
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
