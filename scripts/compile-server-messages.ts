import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";

/** Where the server reads its compiled messages (see src/server/telegram/server-i18n.ts). */
export const SERVER_MESSAGES_PATH = "src/server/telegram/server-messages.json";

/** The server catalog (locales/<language>/server.po) of every language, compiled as Lingui's runtime reads it. */
export async function compileServerMessages(): Promise<Record<string, Messages>> {
  const config = getConfig({ cwd: process.cwd() });
  const catalog = (await getCatalogs(config)).find((candidate) => candidate.path.endsWith("/server"));
  if (!catalog) throw new Error("lingui.config.ts has no catalog locales/{locale}/server");
  const compiled: Record<string, Messages> = {};
  for (const locale of config.locales) {
    const { messages } = await catalog.getTranslations(locale, {
      sourceLocale: config.sourceLocale,
      fallbackLocales: config.fallbackLocales,
    });
    compiled[locale] = Object.fromEntries(
      Object.entries(messages)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([id, message]) => [id, compileMessage(message)]),
    );
  }
  return compiled;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(SERVER_MESSAGES_PATH, `${JSON.stringify(await compileServerMessages())}\n`);
  execFileSync("npx", ["biome", "format", "--write", SERVER_MESSAGES_PATH], { stdio: "inherit" });
  console.log(`Wrote ${SERVER_MESSAGES_PATH}`);
}
