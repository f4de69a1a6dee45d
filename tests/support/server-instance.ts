import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type CreateAppOptions, createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { TestServer } from "./server-harness";

/**
 * Another instance of the app, as behind a load balancer: on the test server's database, signing secret and
 * clock (unless `options` say otherwise), listening on a port of its own for the length of `use`.
 */
export async function withApp(
  server: TestServer,
  options: Partial<CreateAppOptions>,
  use: (url: string) => Promise<void>,
): Promise<void> {
  const config = {
    ...loadConfig({ STATIC_DIR: "", LOG_LEVEL: "silent" }),
    jwtSecret: server.jwtSecret,
    calendarTokenKey: Buffer.alloc(32),
  };
  const app = createApp({ config, db: server.db, clock: server.clock, ...options });
  const listener = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => listener.once("listening", resolve));
  try {
    const { port } = listener.address() as AddressInfo;
    await use(`http://127.0.0.1:${port}`);
  } finally {
    await new Promise((resolve) => listener.close(resolve));
  }
}
