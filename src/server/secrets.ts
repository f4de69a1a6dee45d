import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Config } from "./config";
import type { Database } from "./db/database";
import { instanceSettings } from "./db/schema/instance-settings.schema";

type GeneratedSecret = {
  /** The row of instance_settings that keeps it. */
  name: string;
  /** Where releases before the database kept it: `DATA_DIR/<file>` as `{ "<name>": "<secret>" }`. */
  file: string;
  fresh: () => string;
  usable: (secret: string) => boolean;
};

/** The secret an older release left under DATA_DIR, if any: adopted so its sessions and tokens stay valid. */
async function secretLeftInDataDir(dataDir: string, secret: GeneratedSecret): Promise<string | null> {
  try {
    const stored = JSON.parse(await readFile(join(dataDir, secret.file), "utf8")) as Record<string, unknown>;
    const value = stored[secret.name];
    return typeof value === "string" && secret.usable(value) ? value : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * A secret generated once for the whole installation and kept in the database, so every instance on it
 * signs and decrypts alike: the first to need it inserts one (its old DATA_DIR copy, else a fresh one), the
 * others' inserts do nothing, and all read the row that won. The value is never logged.
 */
async function sharedSecret(db: Database, dataDir: string, secret: GeneratedSecret): Promise<string> {
  const candidate = (await secretLeftInDataDir(dataDir, secret)) ?? secret.fresh();
  await db.insert(instanceSettings).values({ name: secret.name, value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.name, secret.name));
  if (!row || !secret.usable(row.value)) {
    throw new Error(
      `instance_settings holds an unusable ${secret.name}; delete that row to generate another`,
    );
  }
  return row.value;
}

const jwtSecret: GeneratedSecret = {
  name: "jwtSecret",
  file: "secrets.json",
  fresh: () => randomBytes(48).toString("base64url"),
  usable: (secret) => secret.length >= 32,
};

const calendarTokenKey: GeneratedSecret = {
  name: "calendarTokenKey",
  file: "calendar-token-key.json",
  fresh: () => randomBytes(32).toString("base64"),
  usable: (secret) => Buffer.from(secret, "base64").length === 32,
};

/** JWT_SECRET when set; otherwise the installation's generated one (see sharedSecret). */
export async function resolveJwtSecret(
  config: Pick<Config, "jwtSecret" | "dataDir">,
  db: Database,
): Promise<string> {
  return config.jwtSecret ?? sharedSecret(db, config.dataDir, jwtSecret);
}

/** CALENDAR_TOKEN_KEY when set; otherwise the installation's generated one (see sharedSecret). */
export async function resolveCalendarTokenKey(
  config: Pick<Config, "calendarTokenKey" | "dataDir">,
  db: Database,
): Promise<Buffer> {
  if (config.calendarTokenKey) return config.calendarTokenKey;
  return Buffer.from(await sharedSecret(db, config.dataDir, calendarTokenKey), "base64");
}
