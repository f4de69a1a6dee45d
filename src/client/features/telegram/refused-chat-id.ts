import type { FailureFacts } from "@machines/failure";

/**
 * A connect the server refused because of the chat ID itself (Telegram: chat not found, bot blocked; a 400 on
 * `chatId`): spec 8's 'Please check your chat ID'. Anything else (Telegram or the server unreachable, too
 * many attempts, the session ended) is not the chat ID's fault.
 */
export const isRefusedChatId = (failure: FailureFacts) =>
  failure.status === 400 || failure.code === "VALIDATION";
