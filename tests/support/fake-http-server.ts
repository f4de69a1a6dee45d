import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * The HTTP side of a fake outside service, on 127.0.0.1: `handle` answers each request (a failure is a 500
 * with its text). It keeps its open connections, so that stopping it cuts them at once rather than waiting
 * out their keep-alive.
 */
export function fakeHttpServer(handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void) {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handle(req, res))
      .catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return {
    /** Listens on `port` (0: a free one, the first time); resolves with the port. */
    listen: (port = 0) =>
      new Promise<number>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
          server.off("error", reject);
          resolve((server.address() as AddressInfo).port);
        });
      }),
    /** Stops listening (connections are refused) and cuts the open ones. */
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
