import type { LanguageCode } from "@shared/languages";
import type { AppDeps } from "../http/app-env";
import type { BotApi } from "./bot-api";
import { serverI18n } from "./server-i18n";

const FAREWELL = /*i18n*/ {
  id: "telegram.farewell",
  message: "{business} deleted its CallDesk account: this chat will receive no more messages from it.",
};

/**
 * What ending a chat's connection can do at Telegram: a bot cannot leave a private chat nor take back what it
 * sent, so the chat is told it hears nothing more. Best effort, like every revocation of a deletion: Telegram
 * unreachable is logged and answers false.
 */
export async function sayFarewell(
  { logger }: Pick<AppDeps, "logger">,
  api: BotApi,
  chat: { chatId: number; language: LanguageCode; businessName: string },
): Promise<boolean> {
  try {
    await api.sendMessage(
      chat.chatId,
      serverI18n(chat.language)._(FAREWELL.id, { business: chat.businessName }),
    );
    return true;
  } catch (error) {
    logger.warn("Telling a Telegram chat its business was deleted failed", error);
    return false;
  }
}
