/**
 * Seconds a `Retry-After` header asks to wait (RFC 9110 §10.2.3: delay-seconds or an HTTP date), or undefined
 * when there is none or it cannot be read. A date already past asks for no wait.
 */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  // Every HTTP-date form starts with a day name; Date.parse alone would take "-5" for a year.
  const at = /^[A-Za-z]{3}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
