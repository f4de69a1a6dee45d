import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config";

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      dataDir: resolve("data"),
      databaseUrl: null,
      staticDir: resolve("dist/client"),
      appOrigin: null,
      trustProxy: 0,
      seedDemo: true,
      accessTokenTtlSeconds: 900,
      signUpLimit: 10,
      connections: { requestTimeoutSeconds: 60, headersTimeoutSeconds: 10, max: 1000, perAddress: 100 },
      jwtSecret: null,
      logLevel: "info",
      checkResponses: true,
      telegram: null,
      publicUrl: null,
      google: null,
      calendarTokenKey: null,
      recordings: { s3: null, sourceHosts: {}, sourceCaFile: null },
    });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/calldesk",
      DATABASE_URL: "postgres://app@db:5432/calldesk",
      STATIC_DIR: "/srv/portal",
      APP_ORIGIN: "https://portal.example.com/",
      TRUST_PROXY: "true",
      SEED_DEMO: "false",
      ACCESS_TOKEN_TTL_SECONDS: "300",
      SIGN_UP_LIMIT: "50",
      REQUEST_TIMEOUT_SECONDS: "30",
      HEADERS_TIMEOUT_SECONDS: "5",
      MAX_CONNECTIONS: "500",
      MAX_CONNECTIONS_PER_ADDRESS: "20",
      JWT_SECRET: "s".repeat(40),
      LOG_LEVEL: "WARN",
      NODE_ENV: "production",
      TELEGRAM_BOT_TOKEN: "123456:AAH-abcdefghij_klmnop",
      TELEGRAM_BOT_USERNAME: "@CallDeskBot",
      TELEGRAM_API_BASE_URL: "http://127.0.0.1:8081/",
      PUBLIC_URL: "https://portal.example.com/calldesk/",
      GOOGLE_CLIENT_ID: "1234-abc.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "GOCSPX-secret",
      GOOGLE_OAUTH_BASE_URL: "http://127.0.0.1:8082/",
      GOOGLE_CALENDAR_API_BASE_URL: "http://127.0.0.1:8083/calendar/v3",
      CALENDAR_TOKEN_KEY: "ab".repeat(32),
      S3_BUCKET: "calldesk-recordings",
      S3_ENDPOINT: "http://127.0.0.1:9000/",
      S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret-key",
      S3_FORCE_PATH_STYLE: "true",
      RECORDING_SOURCE_HOSTS: "recordings.internal=10.0.0.5, media.lan=fd00::5",
      RECORDING_SOURCE_CA_FILE: "/etc/calldesk/recordings-ca.pem",
    });
    expect(config).toEqual({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/calldesk",
      databaseUrl: "postgres://app@db:5432/calldesk",
      staticDir: "/srv/portal",
      appOrigin: "https://portal.example.com",
      trustProxy: 1,
      seedDemo: false,
      accessTokenTtlSeconds: 300,
      signUpLimit: 50,
      connections: { requestTimeoutSeconds: 30, headersTimeoutSeconds: 5, max: 500, perAddress: 20 },
      jwtSecret: "s".repeat(40),
      logLevel: "warn",
      checkResponses: false,
      telegram: {
        botToken: "123456:AAH-abcdefghij_klmnop",
        botUsername: "CallDeskBot",
        apiBaseUrl: "http://127.0.0.1:8081",
      },
      publicUrl: "https://portal.example.com/calldesk",
      google: {
        clientId: "1234-abc.apps.googleusercontent.com",
        clientSecret: "GOCSPX-secret",
        authorizeUrl: "http://127.0.0.1:8082/o/oauth2/v2/auth",
        tokenUrl: "http://127.0.0.1:8082/token",
        revokeUrl: "http://127.0.0.1:8082/revoke",
        calendarApiBaseUrl: "http://127.0.0.1:8083/calendar/v3",
      },
      calendarTokenKey: Buffer.from("ab".repeat(32), "hex"),
      recordings: {
        s3: {
          bucket: "calldesk-recordings",
          endpoint: "http://127.0.0.1:9000",
          region: "eu-central-1",
          credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret-key" },
          forcePathStyle: true,
        },
        sourceHosts: { "recordings.internal": "10.0.0.5", "media.lan": "fd00::5" },
        sourceCaFile: "/etc/calldesk/recordings-ca.pem",
      },
    });
  });

  it("copies recordings into DATA_DIR unless a bucket is named, and refuses half a bucket's settings", () => {
    expect(loadConfig({ S3_BUCKET: "recordings" }).recordings.s3).toEqual({
      bucket: "recordings",
      endpoint: null,
      region: "us-east-1",
      credentials: null,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_ENDPOINT: "https://s3.example.com" })).toThrow(
      /S3_ENDPOINT must come with S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_BUCKET: "Recordings!" })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: "recordings", S3_ACCESS_KEY_ID: "id" })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ RECORDING_SOURCE_HOSTS: "recordings.internal" })).toThrow(
      /RECORDING_SOURCE_HOSTS must be host=address pairs/,
    );
  });

  // A demo account whose password is public must not appear on a production database unasked.
  it("seeds the demo by default on the embedded database only", () => {
    const postgres = "postgres://app@db:5432/calldesk";
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: postgres }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: postgres, SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("talks to Google's own endpoints unless told otherwise, and refuses half a client or a short key", () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    expect(config.google).toEqual({
      clientId: "id",
      clientSecret: "secret",
      authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: "https://oauth2.googleapis.com/token",
      revokeUrl: "https://oauth2.googleapis.com/revoke",
      calendarApiBaseUrl: "https://www.googleapis.com/calendar/v3",
    });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ CALENDAR_TOKEN_KEY: "short" })).toThrow(/CALENDAR_TOKEN_KEY must be 32 bytes/);
  });

  it("talks to Telegram's public Bot API unless told otherwise", () => {
    const config = loadConfig({ TELEGRAM_BOT_TOKEN: "1:abcdefghijkl", TELEGRAM_BOT_USERNAME: "desk_bot" });
    expect(config.telegram).toEqual({
      botToken: "1:abcdefghijkl",
      botUsername: "desk_bot",
      apiBaseUrl: "https://api.telegram.org",
    });
  });

  it("reads TRUST_PROXY as a count of proxies, true being one and false none", () => {
    const hops = (raw: string) => loadConfig({ TRUST_PROXY: raw }).trustProxy;
    expect([hops("true"), hops("on"), hops("false"), hops("0"), hops("1"), hops("2"), hops("10")]).toEqual([
      1, 1, 0, 0, 1, 2, 10,
    ]);
  });

  it("serves the API only when STATIC_DIR is set empty", () => {
    expect(loadConfig({ STATIC_DIR: "" }).staticDir).toBeNull();
  });

  it.each([
    [{ PORT: "http" }, 'PORT must be an integer from 0 to 65535 (was "http")'],
    [{ PORT: "70000" }, 'PORT must be an integer from 0 to 65535 (was "70000")'],
    [{ PORT: "-1" }, 'PORT must be an integer from 0 to 65535 (was "-1")'],
    [
      { ACCESS_TOKEN_TTL_SECONDS: "3600" },
      'ACCESS_TOKEN_TTL_SECONDS must be an integer from 1 to 900 (was "3600")',
    ],
    [
      { TRUST_PROXY: "maybe" },
      'TRUST_PROXY must be true, false or the number of proxies in front of the server, 0 to 10 (was "maybe")',
    ],
    [{ TRUST_PROXY: "11" }, "TRUST_PROXY must be true, false or the number of proxies"],
    [{ SIGN_UP_LIMIT: "1" }, 'SIGN_UP_LIMIT must be an integer from 2 to 1000000 (was "1")'],
    [
      { REQUEST_TIMEOUT_SECONDS: "5", HEADERS_TIMEOUT_SECONDS: "10" },
      "HEADERS_TIMEOUT_SECONDS must not be more than REQUEST_TIMEOUT_SECONDS",
    ],
    [
      { MAX_CONNECTIONS_PER_ADDRESS: "0" },
      'MAX_CONNECTIONS_PER_ADDRESS must be an integer from 1 to 1000000 (was "0")',
    ],
    [{ SEED_DEMO: "sometimes" }, 'SEED_DEMO must be true or false (was "sometimes")'],
    [{ APP_ORIGIN: "portal.example.com" }, "APP_ORIGIN must be an origin"],
    [{ APP_ORIGIN: "https://portal.example.com/app" }, "APP_ORIGIN must be an origin"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL must start with postgres:// or postgresql://"],
    [{ JWT_SECRET: "short" }, "JWT_SECRET must be at least 32 characters"],
    [{ LOG_LEVEL: "loud" }, 'LOG_LEVEL must be one of debug, info, warn, error, silent (was "loud")'],
    [{ TELEGRAM_BOT_TOKEN: "123456:AAH-abcdefghij" }, "TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME"],
    [{ TELEGRAM_BOT_USERNAME: "CallDeskBot" }, "TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME"],
    [
      { TELEGRAM_BOT_TOKEN: "not-a-token", TELEGRAM_BOT_USERNAME: "CallDeskBot" },
      "TELEGRAM_BOT_TOKEN must be a token as @BotFather gives it",
    ],
    [
      { TELEGRAM_BOT_TOKEN: "123456:AAH-abcdefghij", TELEGRAM_BOT_USERNAME: "Call Desk" },
      'TELEGRAM_BOT_USERNAME must be the bot\'s username, ending in "bot" (was "Call Desk")',
    ],
    [{ TELEGRAM_API_BASE_URL: "api.telegram.org" }, "TELEGRAM_API_BASE_URL must be an http(s) URL"],
    [{ PUBLIC_URL: "http://portal.example.com" }, "PUBLIC_URL must be an https URL"],
  ])("refuses %o with a message naming the variable", (env, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it("lists every bad value at once", () => {
    const problems = problemsOf({ PORT: "x", LOG_LEVEL: "y" });
    expect(problems).toEqual([expect.stringMatching(/^LOG_LEVEL/), expect.stringMatching(/^PORT/)]);
    expect(() => loadConfig({ PORT: "x" })).toThrow(/^Invalid configuration:\n {2}- PORT must be/);
  });
});
