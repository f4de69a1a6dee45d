/**
 * A lazily imported value fetched at most once: `load()` starts (or joins) the import, `loaded()` gives the
 * value synchronously once it is in, so components mounted later render it at once instead of waiting.
 */
export function loadOnce<T>(importer: () => Promise<T>) {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    loaded: () => value,
    load: () =>
      (pending ??= importer().then((loaded) => {
        value = loaded;
        return loaded;
      })),
  };
}
