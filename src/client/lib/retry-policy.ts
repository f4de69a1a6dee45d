import { ApiError, BAD_RESPONSE } from "./api-client";

/**
 * Spec 9's data-fetch retry policy, the only one the app runs (the API client itself never retries): three
 * retries, waiting 1 s, 2 s, 4 s … up to 30 s. An answer that retrying cannot change is final at once.
 */
export const MAX_RETRIES = 3;
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 30_000;

/** Statuses whose `Retry-After` says when the server can answer again. */
const WAIT_STATUSES = new Set([429, 503]);

const askedWaitMs = (error: unknown): number | undefined =>
  error instanceof ApiError && error.status !== undefined && WAIT_STATUSES.has(error.status)
    ? error.retryAfter === undefined
      ? undefined
      : error.retryAfter * 1000
    : undefined;

/**
 * A 4xx (other than timeout or throttling) will not change on retry, nor will an answer its schema refused.
 * Nor will an answer whose `Retry-After` asks for a longer wait than the policy ever makes: its error is
 * shown now, not after minutes of spinner.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError && error.code === BAD_RESPONSE) return false;
  const status = error instanceof ApiError ? error.status : undefined;
  if (status && status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  return (askedWaitMs(error) ?? 0) <= MAX_DELAY_MS;
}

/** The wait before retry number `failureCount + 1` (TanStack counts from 0): the backoff, or longer if asked. */
export function retryDelay(failureCount: number, error: unknown): number {
  const backoff = Math.min(FIRST_DELAY_MS * 2 ** failureCount, MAX_DELAY_MS);
  return Math.min(Math.max(backoff, askedWaitMs(error) ?? 0), MAX_DELAY_MS);
}

/**
 * `attempt` run under the policy outside TanStack Query (which runs it for queries and mutations): again after
 * each failure the policy would retry, waiting its delay; the last failure is thrown.
 */
export async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      if (!shouldRetry(failures, error)) throw error;
      const delay = retryDelay(failures, error);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
