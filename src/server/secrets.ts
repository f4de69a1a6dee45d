import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "./config";

/**
 * A secret generated on first start and kept in `DATA_DIR/<fileName>` as `{ "<key>": "<secret>" }` (0600), so
 * it survives restarts without ever living in the source; instances sharing DATA_DIR share it.
 */
async function storedSecret(
  dataDir: string,
  fileName: string,
  key: string,
  fresh: () => string,
  usable: (secret: string) => boolean,
): Promise<string> {
  const file = join(dataDir, fileName);
  try {
    const stored = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    const secret = stored[key];
    if (typeof secret === "string" && usable(secret)) return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = fresh();
  await mkdir(dataDir, { recursive: true });
  // "wx": two instances starting at once must not overwrite each other's secret.
  try {
    await writeFile(file, `${JSON.stringify({ [key]: secret }, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      return storedSecret(dataDir, fileName, key, fresh, usable);
    }
    throw error;
  }
  return secret;
}

/** JWT_SECRET when set; otherwise one kept in DATA_DIR/secrets.json. */
export async function resolveJwtSecret(config: Pick<Config, "jwtSecret" | "dataDir">): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  return storedSecret(
    config.dataDir,
    "secrets.json",
    "jwtSecret",
    () => randomBytes(48).toString("base64url"),
    (secret) => secret.length >= 32,
  );
}

/** CALENDAR_TOKEN_KEY when set; otherwise one kept in DATA_DIR/calendar-token-key.json. */
export async function resolveCalendarTokenKey(
  config: Pick<Config, "calendarTokenKey" | "dataDir">,
): Promise<Buffer> {
  if (config.calendarTokenKey) return config.calendarTokenKey;
  const stored = await storedSecret(
    config.dataDir,
    "calendar-token-key.json",
    "calendarTokenKey",
    () => randomBytes(32).toString("base64"),
    (secret) => Buffer.from(secret, "base64").length === 32,
  );
  return Buffer.from(stored, "base64");
}
