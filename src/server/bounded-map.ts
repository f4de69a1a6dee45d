/**
 * A Map for in-memory hints that must not grow without end: past `maxEntries` it starts over. Meant for
 * entries that are cheap to find again (a lookup they spare), never for state that must survive.
 */
export function createBoundedMap<K, V>(maxEntries: number) {
  const entries = new Map<K, V>();
  return {
    get: (key: K) => entries.get(key),
    set(key: K, value: V) {
      if (entries.size >= maxEntries && !entries.has(key)) entries.clear();
      entries.set(key, value);
    },
    delete: (key: K) => {
      entries.delete(key);
    },
  };
}
