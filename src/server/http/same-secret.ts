import { timingSafeEqual } from "node:crypto";

/** Compares secrets in constant time (a mismatch must not tell how much of it was right). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? "");
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
