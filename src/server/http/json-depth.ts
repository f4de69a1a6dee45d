/**
 * How deep a request body may nest objects and arrays: far beyond any request's own shape (a call report's
 * transcript is three levels down), and far within what code that walks a value by recursion survives — arktype
 * prints a refused value whole in its message, which a body of a few thousand levels overflows the stack with.
 */
export const MAX_JSON_DEPTH = 64;

/** Does a parsed JSON value nest objects and arrays deeper than MAX_JSON_DEPTH? Walked without recursion. */
export function nestsTooDeeply(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next;
    if (typeof node !== "object" || node === null) continue;
    if (depth > MAX_JSON_DEPTH) return true;
    for (const item of Object.values(node)) stack.push([item, depth + 1]);
  }
  return false;
}
