import { randomBytes } from "node:crypto";
import { type FakeBotApi, startFakeBotApi } from "./fake-bot-api";
import { type FakeGoogleOAuth, startFakeGoogleOAuth } from "./fake-google-oauth";
import { startTestServer, type TestServer } from "./server-harness";

export type ServerWithFakes = {
  bot: FakeBotApi;
  google: FakeGoogleOAuth;
  server: TestServer;
  close(): Promise<void>;
};

/**
 * A test server with Telegram and Google Calendar configured, each against its fake on 127.0.0.1; `env` adds
 * to its environment (a fake recording server's, a DATA_DIR).
 */
export async function startServerWithFakes(env: Record<string, string> = {}): Promise<ServerWithFakes> {
  const bot = await startFakeBotApi();
  const google = await startFakeGoogleOAuth();
  const server = await startTestServer({
    env: { ...bot.env, ...google.env, CALENDAR_TOKEN_KEY: randomBytes(32).toString("base64"), ...env },
  });
  return {
    bot,
    google,
    server,
    close: async () => {
      await server.close();
      await bot.close();
      await google.close();
    },
  };
}
