/** Bytes `start` to `end`, both included. */
export type ByteRange = { start: number; end: number };

/**
 * What a Range header asks of a body of `size` bytes (RFC 9110 §14): one range (`bytes=0-99`, an open
 * `bytes=100-`, a suffix `bytes=-500`, an end past the last byte cut to it); "unsatisfiable" when it starts
 * past the end (416); null — the whole body, as the RFC lets a server answer — when there is no header, it is
 * not a bytes range, or it asks for several ranges (no player does).
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    return suffix === 0 || size === 0
      ? "unsatisfiable"
      : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return null;
  return start >= size
    ? "unsatisfiable"
    : { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}
