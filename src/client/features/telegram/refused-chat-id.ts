import type { FailureFacts } from "@machines/failure-facts";

/**
 * A connect the server answered with a refusal of the chat ID itself (Telegram: chat not found, bot blocked;
 * or an ID the server will not take): spec 8's 'Please check your chat ID'. Anything else (no answer, a
 * server failure, too many attempts, the session ended) is not the chat ID's fault.
 */
export const isRefusedChatId = (failure: FailureFacts) =>
  failure.status !== undefined &&
  failure.status >= 400 &&
  failure.status < 500 &&
  failure.status !== 401 &&
  failure.status !== 429;
