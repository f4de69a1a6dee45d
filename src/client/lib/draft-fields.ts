/** Whether two values of a draft's field are the same (by value: lists and records compare as written). */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** How a form compares one field of its draft with another draft's. */
export type SameField<D> = (key: keyof D, a: D[keyof D], b: D[keyof D]) => boolean;

/**
 * A form's data was fetched again while it was open (`base` the draft it started from, `fresh` the draft of
 * what came): each field the user has not touched shows the fresh value, each one they edited keeps what they
 * typed. Another tab's save then shows here, and a save from here puts back nothing the user did not change.
 */
export function rebaseDraft<D extends object>(
  draft: D,
  base: D,
  fresh: D,
  same: SameField<D> = (_key, a, b) => sameValue(a, b),
): D {
  const rebased = { ...draft };
  for (const key of Object.keys(draft) as (keyof D)[])
    if (same(key, draft[key], base[key])) rebased[key] = fresh[key];
  return rebased;
}

/** The fields of a draft the user changed from `base` (what the form shows as saved). */
export const changedFields = <D extends object>(
  draft: D,
  base: D,
  same: SameField<D> = (_key, a, b) => sameValue(a, b),
): Set<keyof D> =>
  new Set((Object.keys(draft) as (keyof D)[]).filter((key) => !same(key, draft[key], base[key])));
