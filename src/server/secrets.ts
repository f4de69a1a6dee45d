import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "./config";

type SecretsFile = { jwtSecret: string };

/**
 * JWT_SECRET when set; otherwise one generated on first start and kept in DATA_DIR/secrets.json (0600),
 * so tokens survive restarts without a secret ever living in the source.
 */
export async function resolveJwtSecret(config: Pick<Config, "jwtSecret" | "dataDir">): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, "secrets.json");
  try {
    const stored = JSON.parse(await readFile(file, "utf8")) as Partial<SecretsFile>;
    if (typeof stored.jwtSecret === "string" && stored.jwtSecret.length >= 32) return stored.jwtSecret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secrets: SecretsFile = { jwtSecret: randomBytes(48).toString("base64url") };
  await mkdir(config.dataDir, { recursive: true });
  // "wx": two instances starting at once must not overwrite each other's secret.
  try {
    await writeFile(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return resolveJwtSecret(config);
    throw error;
  }
  return secrets.jwtSecret;
}
