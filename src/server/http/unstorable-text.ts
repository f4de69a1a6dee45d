/**
 * PostgreSQL text holds neither U+0000 nor half of a surrogate pair; JSON can spell both (as \u escapes). With
 * the u flag a whole pair reads as one code point, so \p{Cs} matches only a lone half.
 */
const UNSTORABLE = /[\0\p{Cs}]/u;
export const storable = (text: string) => !UNSTORABLE.test(text);

/** How findUnstorableText names the body itself (a bare string), which is no field. */
export const ROOT_NAME = "The request body";

/**
 * The path ("summary", "transcript[2].text") of the first string in a parsed JSON value that the database
 * could not store, or null. Both can only arrive as \u escapes, so text without one is not walked at all.
 */
export function findUnstorableText(rawJson: string, value: unknown): string | null {
  if (!rawJson.includes("\\u")) return null;
  const walk = (node: unknown, path: string): string | null => {
    if (typeof node === "string") return storable(node) ? null : path || ROOT_NAME;
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) {
        const found = walk(item, `${path}[${index}]`);
        if (found) return found;
      }
      return null;
    }
    if (typeof node === "object" && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        const name = path ? `${path}.${key}` : key;
        if (!storable(key)) return name;
        const found = walk(item, name);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(value, "");
}
