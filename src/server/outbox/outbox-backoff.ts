/** The first retry waits about this long; each failure in a row doubles it… */
export const BACKOFF_BASE_MS = 1_000;
/**
 * …up to this: low enough that once a channel's service is back after an outage (of any length), every
 * connection is tried again within a minute; high enough that a long outage costs a connection one try a
 * minute.
 */
export const BACKOFF_CAP_MS = 60_000;

/**
 * The wait after the `attempts`-th failure in a row (1-based; another base and cap for another service): exponential, capped, with "equal jitter"
 * (half fixed, half random) so that connections failing together do not all come back in the same instant.
 */
export function backoffMs(
  attempts: number,
  random: () => number = Math.random,
  { baseMs, capMs } = { baseMs: BACKOFF_BASE_MS, capMs: BACKOFF_CAP_MS },
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempts - 1, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
