import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server-harness";

// The server as startServer serves it (Node's HTTP server with the limits applied), seen from real sockets.
let slow: TestServer;
let crowded: TestServer;
beforeAll(async () => {
  [slow, crowded] = await Promise.all([
    startTestServer({ env: { REQUEST_TIMEOUT_SECONDS: "2", HEADERS_TIMEOUT_SECONDS: "1" } }),
    startTestServer({ env: { MAX_CONNECTIONS_PER_ADDRESS: "3", MAX_CONNECTIONS: "5" } }),
  ]);
});
afterAll(() => Promise.all([slow?.close(), crowded?.close()]));

const portOf = (server: TestServer) => Number(new URL(server.url).port);

/** A connection from `from` (any 127.x.y.z is this machine's on Linux), once it is established. */
const open = (server: TestServer, from = "127.0.0.1") =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port: portOf(server), localAddress: from }, () =>
      resolve(socket),
    );
    socket.once("error", reject);
  });

/** Resolves with what the server sent once it closes the connection; "still open" after `withinMs`. */
const closedBy = (socket: Socket, withinMs: number) =>
  new Promise<string>((resolve) => {
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", () => {});
    const timer = setTimeout(() => resolve("still open"), withinMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(received);
    });
  });

/** The status line of GET /api/health on that connection ("closed" when the server closed it instead). */
const health = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.once("data", (chunk) => resolve(String(chunk).split("\r\n")[0]!));
    socket.once("close", () => resolve("closed"));
    socket.write("GET /api/health HTTP/1.1\r\nHost: calldesk\r\n\r\n");
  });

describe("a slow client", () => {
  it("trickling a body is answered 408 and cut off once the request timeout is over", async () => {
    const socket = await open(slow);
    socket.write(
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: ${new URL(slow.url).host}\r\nContent-Type: application/json\r\n` +
        `Origin: ${slow.url}\r\nContent-Length: 1000\r\n\r\n{`,
    );
    // A byte every 100 ms, forever: only the server's timeout ends it.
    const trickle = setInterval(() => socket.writable && socket.write(" "), 100);
    const started = Date.now();
    try {
      expect(await closedBy(socket, 8000)).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });

  it("trickling its headers is cut off once the headers timeout is over", async () => {
    const socket = await open(slow);
    socket.write("GET /api/health HTTP/1.1\r\n");
    const trickle = setInterval(() => socket.writable && socket.write("X-Slow: 1\r\n"), 100);
    try {
      expect(await closedBy(socket, 8000)).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });
});

describe("open connections", () => {
  it("one address gets MAX_CONNECTIONS_PER_ADDRESS; the next is closed, another address still gets in", async () => {
    const held = [await open(crowded), await open(crowded), await open(crowded)];
    const extra = await open(crowded);
    expect(await closedBy(extra, 3000)).toBe("");
    // Another address is served; the address over its limit is again once one of its connections closes.
    const other = await open(crowded, "127.0.0.2");
    expect(await health(other)).toBe("HTTP/1.1 200 OK");
    expect(await health(held[0]!)).toBe("HTTP/1.1 200 OK");
    held[2]!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await open(crowded);
    expect(await health(again)).toBe("HTTP/1.1 200 OK");

    // Five in all (three from 127.0.0.1, two from 127.0.0.2): MAX_CONNECTIONS turns a sixth away.
    const fifth = await open(crowded, "127.0.0.2");
    expect(await health(fifth)).toBe("HTTP/1.1 200 OK");
    const sixth = await open(crowded, "127.0.0.3");
    expect(await closedBy(sixth, 3000)).toBe("");
    for (const socket of [...held, other, again, fifth]) socket.destroy();
  });
});
