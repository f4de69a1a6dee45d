import { isIP } from "node:net";
import { resolve } from "node:path";

export const logLevels = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

/** The access token lives at most 15 minutes: a stolen one is useless soon after. */
export const MAX_ACCESS_TOKEN_TTL_SECONDS = 900;

/** Sign-ups per client address per hour: an office signs up once; a script creating businesses is stopped. */
export const DEFAULT_SIGN_UP_LIMIT = 10;

/** More proxies than this in front of one server is a typo, not a deployment. */
export const MAX_PROXY_HOPS = 10;

/** Telegram's public Bot API; a test points TELEGRAM_API_BASE_URL at its fake instead. */
export const DEFAULT_TELEGRAM_API_BASE_URL = "https://api.telegram.org";

/** The bot the server talks to Telegram as (see README, "Telegram notifications"). */
export type TelegramConfig = {
  /** From @BotFather: `<bot id>:<secret>`. */
  botToken: string;
  /** Without the @: the deep link of the connect dialog is https://t.me/<botUsername>. */
  botUsername: string;
  /** No trailing slash; methods are called at `<apiBaseUrl>/bot<token>/<method>`. */
  apiBaseUrl: string;
};

/** Google's OAuth endpoints (authorization, token, revocation) and its Calendar API. */
export const DEFAULT_GOOGLE_OAUTH = {
  authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
  revokeUrl: "https://oauth2.googleapis.com/revoke",
};
export const DEFAULT_GOOGLE_CALENDAR_API_BASE_URL = "https://www.googleapis.com/calendar/v3";

/** The OAuth client the server connects Google Calendars with (see README, "Google Calendar"). */
export type GoogleConfig = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** No trailing slash; e.g. `<calendarApiBaseUrl>/calendars/primary/events`. */
  calendarApiBaseUrl: string;
};

/** An S3-compatible bucket the recordings are copied into instead of DATA_DIR (see README, "Configuration"). */
export type S3Config = {
  bucket: string;
  /** Null: AWS's own endpoint for the region; otherwise another S3-compatible service's (MinIO, R2, …). */
  endpoint: string | null;
  region: string;
  /** Null: the AWS SDK's default credential chain (instance role, AWS_* variables, shared files). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Bucket in the path (`<endpoint>/<bucket>/<key>`) rather than in the host name, as most non-AWS services need. */
  forcePathStyle: boolean;
};

/** Where call recordings are copied to, and how their links are fetched (see recordings/). */
export type RecordingsConfig = {
  /** Null: files under `<dataDir>/recordings`. */
  s3: S3Config | null;
  /**
   * Host names whose address is given here instead of by DNS, and trusted even when it is not public (a test's
   * fake recording server, recordings served inside the operator's own network); every other host must
   * resolve to a public address.
   */
  sourceHosts: Readonly<Record<string, string>>;
  /** A PEM file of certificate authorities trusted besides the system's when fetching a recording. */
  sourceCaFile: string | null;
};

export type ConnectionLimits = {
  /** The whole request, body included, must arrive within this; then 408 and the connection is closed. */
  requestTimeoutSeconds: number;
  /** The request line and headers must arrive within this (at most the request timeout). */
  headersTimeoutSeconds: number;
  /** Open connections at once, all clients together. */
  max: number;
  /** Open connections at once from one address (the socket's: not applied behind TRUST_PROXY). */
  perAddress: number;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite under `dataDir/pglite`. */
  databaseUrl: string | null;
  /** The built client; null (STATIC_DIR set empty) serves the API only, as `npm run dev` does. */
  staticDir: string | null;
  /** The public origin; unset: the request's own origin. */
  appOrigin: string | null;
  /**
   * How many reverse proxies stand in front of the server (TRUST_PROXY: `true` is 1, `false` is 0): the client
   * address is the one the outermost of them appended to X-Forwarded-For, the Nth from the right.
   */
  trustProxy: number;
  /**
   * Create the demo business on an empty database. Off by default on PostgreSQL (DATABASE_URL): a demo
   * account whose password is public must not appear on a production database by default.
   */
  seedDemo: boolean;
  accessTokenTtlSeconds: number;
  /** Sign-ups one client address may make in an hour (see auth/throttle.ts). */
  signUpLimit: number;
  /** What a slow or greedy client may hold (see http/connection-limits.ts). */
  connections: ConnectionLimits;
  /** Unset: generated once and kept in the database, shared by every instance (see secrets.ts). */
  jwtSecret: string | null;
  logLevel: LogLevel;
  /** Check every API answer against its route's schema (see ApiRouter): everywhere but NODE_ENV=production. */
  checkResponses: boolean;
  /** Null without TELEGRAM_BOT_TOKEN: no bot; Settings says what to configure instead of offering Connect. */
  telegram: TelegramConfig | null;
  /**
   * Where Telegram reaches this server (an https URL, a path allowed): set, updates come by webhook at
   * `<publicUrl>/api/telegram/webhook/…`; unset, one instance at a time long-polls Telegram.
   */
  publicUrl: string | null;
  /** Null without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: Settings says what to configure instead. */
  google: GoogleConfig | null;
  /**
   * The AES-256 key Google tokens are encrypted with at rest (32 bytes, from CALENDAR_TOKEN_KEY as base64 or
   * hex); unset: generated once and kept in the database (see secrets.ts).
   */
  calendarTokenKey: Buffer | null;
  recordings: RecordingsConfig;
};

/** The config the app runs with: the JWT secret is always known by then (see secrets.ts). */
export type AppConfig = Omit<Config, "jwtSecret" | "calendarTokenKey"> & {
  jwtSecret: string;
  calendarTokenKey: Buffer;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

/** Reads and validates the environment; throws a ConfigError listing every bad value. Pure: no I/O. */
export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === "" ? undefined : raw;
  };

  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (was "${raw}")`);
      return fallback;
    }
    return n;
  };

  const boolean = (name: string, fallback: boolean) => {
    const raw = value(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (["1", "true", "yes", "on"].includes(raw)) return true;
    if (["0", "false", "no", "off"].includes(raw)) return false;
    problems.push(`${name} must be true or false (was "${env[name]}")`);
    return fallback;
  };

  // A count of proxies, or true/false for one/none (what TRUST_PROXY meant before it could count).
  const proxyHops = (name: string) => {
    const raw = value(name)?.toLowerCase();
    if (raw === undefined) return 0;
    if (/^\d+$/.test(raw) && Number(raw) <= MAX_PROXY_HOPS) return Number(raw);
    if (["true", "yes", "on"].includes(raw)) return 1;
    if (["false", "no", "off"].includes(raw)) return 0;
    problems.push(
      `${name} must be true, false or the number of proxies in front of the server, 0 to ${MAX_PROXY_HOPS} (was "${env[name]}")`,
    );
    return 0;
  };

  const appOrigin = (() => {
    const raw = value("APP_ORIGIN");
    if (raw === undefined) return null;
    try {
      const url = new URL(raw);
      if ((url.protocol === "http:" || url.protocol === "https:") && url.origin === raw.replace(/\/$/, "")) {
        return url.origin;
      }
    } catch {}
    problems.push(`APP_ORIGIN must be an origin such as https://portal.example.com (was "${raw}")`);
    return null;
  })();

  const databaseUrl = (() => {
    const raw = value("DATABASE_URL");
    if (raw === undefined) return null;
    if (!/^postgres(ql)?:\/\//.test(raw)) {
      problems.push("DATABASE_URL must start with postgres:// or postgresql://");
      return null;
    }
    return raw;
  })();

  const jwtSecret = (() => {
    const raw = value("JWT_SECRET");
    if (raw === undefined) return null;
    if (raw.length < 32) {
      problems.push("JWT_SECRET must be at least 32 characters (leave it unset to have one generated)");
      return null;
    }
    return raw;
  })();

  const logLevel = (() => {
    const raw = value("LOG_LEVEL")?.toLowerCase() ?? "info";
    if ((logLevels as readonly string[]).includes(raw)) return raw as LogLevel;
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(", ")} (was "${env.LOG_LEVEL}")`);
    return "info";
  })();

  const webUrl = (name: string, example: string, protocols: readonly string[]) => {
    const raw = value(name);
    if (raw === undefined) return null;
    try {
      const url = new URL(raw);
      if (protocols.includes(url.protocol) && !url.search && !url.hash) return url.href.replace(/\/$/, "");
    } catch {}
    const kind = protocols.length > 1 ? "an http(s)" : "an https";
    problems.push(`${name} must be ${kind} URL such as ${example} (was "${raw}")`);
    return null;
  };

  const telegram = ((): TelegramConfig | null => {
    const botToken = value("TELEGRAM_BOT_TOKEN");
    const botUsername = value("TELEGRAM_BOT_USERNAME")?.replace(/^@/, "");
    const apiBaseUrl = webUrl("TELEGRAM_API_BASE_URL", DEFAULT_TELEGRAM_API_BASE_URL, ["http:", "https:"]);
    if (botToken === undefined && botUsername === undefined) return null;
    if (botToken === undefined || botUsername === undefined) {
      problems.push(
        "TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME must be set together (the token @BotFather gave the bot, and the bot's username)",
      );
      return null;
    }
    let valid = true;
    if (!/^\d+:[\w-]{10,}$/.test(botToken)) {
      problems.push("TELEGRAM_BOT_TOKEN must be a token as @BotFather gives it: <bot id>:<secret>");
      valid = false;
    }
    // Telegram's rule for bot usernames: 5–32 letters, digits and underscores, ending in "bot".
    if (!/^[A-Za-z][A-Za-z0-9_]{1,28}bot$/i.test(botUsername)) {
      problems.push(
        `TELEGRAM_BOT_USERNAME must be the bot's username, ending in "bot" (was "${botUsername}")`,
      );
      valid = false;
    }
    return valid ? { botToken, botUsername, apiBaseUrl: apiBaseUrl ?? DEFAULT_TELEGRAM_API_BASE_URL } : null;
  })();

  const google = ((): GoogleConfig | null => {
    const clientId = value("GOOGLE_CLIENT_ID");
    const clientSecret = value("GOOGLE_CLIENT_SECRET");
    // One base for a stand-in of Google's OAuth server (a test's fake): its paths are Google's.
    const oauthBase = webUrl("GOOGLE_OAUTH_BASE_URL", "https://accounts.google.com", ["http:", "https:"]);
    const calendarApiBaseUrl =
      webUrl("GOOGLE_CALENDAR_API_BASE_URL", DEFAULT_GOOGLE_CALENDAR_API_BASE_URL, ["http:", "https:"]) ??
      DEFAULT_GOOGLE_CALENDAR_API_BASE_URL;
    if (clientId === undefined && clientSecret === undefined) return null;
    if (clientId === undefined || clientSecret === undefined) {
      problems.push(
        "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (the OAuth client from Google Cloud Console)",
      );
      return null;
    }
    const endpoints = oauthBase
      ? {
          authorizeUrl: `${oauthBase}/o/oauth2/v2/auth`,
          tokenUrl: `${oauthBase}/token`,
          revokeUrl: `${oauthBase}/revoke`,
        }
      : DEFAULT_GOOGLE_OAUTH;
    return { clientId, clientSecret, ...endpoints, calendarApiBaseUrl };
  })();

  const calendarTokenKey = (() => {
    const raw = value("CALENDAR_TOKEN_KEY");
    if (raw === undefined) return null;
    const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
    if (key.length === 32) return key;
    problems.push(
      "CALENDAR_TOKEN_KEY must be 32 bytes as 64 hex digits or base64 (leave it unset to have one generated)",
    );
    return null;
  })();

  const connections = ((): ConnectionLimits => {
    const requestTimeoutSeconds = integer("REQUEST_TIMEOUT_SECONDS", 60, 1, 3600);
    const headersTimeoutSeconds = integer("HEADERS_TIMEOUT_SECONDS", 10, 1, 3600);
    if (headersTimeoutSeconds > requestTimeoutSeconds) {
      problems.push("HEADERS_TIMEOUT_SECONDS must not be more than REQUEST_TIMEOUT_SECONDS");
    }
    return {
      requestTimeoutSeconds,
      headersTimeoutSeconds,
      max: integer("MAX_CONNECTIONS", 1000, 1, 1_000_000),
      perAddress: integer("MAX_CONNECTIONS_PER_ADDRESS", 100, 1, 1_000_000),
    };
  })();

  const s3 = ((): S3Config | null => {
    const bucket = value("S3_BUCKET");
    const endpoint = webUrl("S3_ENDPOINT", "https://s3.eu-central-1.amazonaws.com", ["http:", "https:"]);
    const accessKeyId = value("S3_ACCESS_KEY_ID");
    const secretAccessKey = value("S3_SECRET_ACCESS_KEY");
    const forcePathStyle = boolean("S3_FORCE_PATH_STYLE", false);
    const region = value("S3_REGION") ?? "us-east-1";
    const others = [
      "S3_ENDPOINT",
      "S3_REGION",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
      "S3_FORCE_PATH_STYLE",
    ];
    if (bucket === undefined) {
      const stray = others.filter((name) => value(name) !== undefined);
      if (stray.length > 0)
        problems.push(`${stray.join(", ")} must come with S3_BUCKET (the bucket to copy recordings into)`);
      return null;
    }
    // S3's bucket naming rules: 3–63 lower-case letters, digits, dots and hyphens.
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
      problems.push(
        `S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (was "${bucket}")`,
      );
      return null;
    }
    if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
      problems.push(
        "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS SDK's own credentials)",
      );
      return null;
    }
    return {
      bucket,
      endpoint,
      region,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
      forcePathStyle,
    };
  })();

  const sourceHosts = (() => {
    const raw = value("RECORDING_SOURCE_HOSTS");
    const hosts: Record<string, string> = {};
    for (const pair of raw?.split(",") ?? []) {
      const match = /^\s*([a-z0-9.-]+)=([0-9a-f.:]+)\s*$/i.exec(pair);
      if (!match || isIP(match[2]!) === 0) {
        problems.push(
          `RECORDING_SOURCE_HOSTS must be host=address pairs separated by commas, such as recordings.internal=10.0.0.5 (was "${raw}")`,
        );
        return {};
      }
      hosts[match[1]!.toLowerCase()] = match[2]!;
    }
    return hosts;
  })();

  const dataDir = resolve(value("DATA_DIR") ?? "./data");
  const config: Config = {
    port: integer("PORT", 3000, 0, 65535),
    host: value("HOST") ?? "0.0.0.0",
    dataDir,
    databaseUrl,
    staticDir: env.STATIC_DIR === "" ? null : resolve(value("STATIC_DIR") ?? "dist/client"),
    appOrigin,
    trustProxy: proxyHops("TRUST_PROXY"),
    seedDemo: boolean("SEED_DEMO", databaseUrl === null),
    accessTokenTtlSeconds: integer("ACCESS_TOKEN_TTL_SECONDS", 900, 1, MAX_ACCESS_TOKEN_TTL_SECONDS),
    signUpLimit: integer("SIGN_UP_LIMIT", DEFAULT_SIGN_UP_LIMIT, 2, 1_000_000),
    connections,
    jwtSecret,
    logLevel,
    checkResponses: value("NODE_ENV") !== "production",
    telegram,
    // Telegram posts updates to https only.
    publicUrl: webUrl("PUBLIC_URL", "https://portal.example.com", ["https:"]),
    google,
    calendarTokenKey,
    recordings: {
      s3,
      sourceHosts,
      sourceCaFile:
        value("RECORDING_SOURCE_CA_FILE") === undefined ? null : resolve(value("RECORDING_SOURCE_CA_FILE")!),
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
