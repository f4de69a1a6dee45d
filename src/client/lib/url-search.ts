import { isCalendarDate } from "@shared/calendar-date";

/** Reads one query parameter; undefined leaves it out (it was invalid). */
export type ParamParser<T extends string> = (value: string) => T | undefined;

export function oneOfParam<T extends string>(values: readonly T[]): ParamParser<T> {
  const isOne = (value: string): value is T => (values as readonly string[]).includes(value);
  return (value) => (isOne(value) ? value : undefined);
}

export const isoDateParam: ParamParser<string> = (value) => (isCalendarDate(value) ? value : undefined);

/** Optional string filters; the page is added by the helpers below. */
export type SearchFilters = { [key: string]: string | undefined };
export type PagedSearch<F extends SearchFilters> = F & { page: number };

export type UrlSearchSpec<F extends SearchFilters> = {
  /** The page this search belongs to: only there is the address bar rewritten to its canonical form. */
  path: string;
  /** One parser per filter, in the order they are written to the URL. */
  filters: { [K in keyof F]-?: ParamParser<NonNullable<F[K]>> };
  /** Rules between filters, after each was read on its own (e.g. an end before the start is dropped). */
  refine?: (filters: F) => F;
};

export type UrlSearch<F extends SearchFilters> = {
  path: string;
  parse: (search: string) => PagedSearch<F>;
  /** The canonical query string: defaults (page 1, no filter) are left out. */
  stringify: (search: PagedSearch<F>) => string;
  /** `path` (the search's own page by default) with the search appended. */
  href: (search: PagedSearch<F>, path?: string) => string;
  hasFilters: (search: PagedSearch<F>) => boolean;
};

const MAX_PAGE = 1_000_000;

/** Page and filters held in the URL, so a list is shareable and survives a reload; invalid values fall back to defaults. */
export function defineUrlSearch<F extends SearchFilters>(spec: UrlSearchSpec<F>): UrlSearch<F> {
  const keys = Object.keys(spec.filters) as (keyof F & string)[];

  const parse = (search: string): PagedSearch<F> => {
    const params = new URLSearchParams(search);
    const filters: Partial<F> = {};
    for (const key of keys) {
      const raw = params.get(key);
      const value = raw === null ? undefined : spec.filters[key](raw);
      if (value !== undefined) filters[key] = value;
    }
    const refined = spec.refine ? spec.refine(filters as F) : (filters as F);
    const pageText = params.get("page") ?? "";
    const page = /^\d{1,7}$/.test(pageText) ? Number(pageText) : 1;
    return { ...refined, page: page >= 1 && page <= MAX_PAGE ? page : 1 };
  };

  const stringify = (search: PagedSearch<F>) => {
    const params = new URLSearchParams();
    for (const key of keys) {
      const value = search[key];
      if (value) params.set(key, value);
    }
    if (search.page > 1) params.set("page", String(search.page));
    return params.toString();
  };

  return {
    path: spec.path,
    parse,
    stringify,
    href: (search, path = spec.path) => {
      const query = stringify(search);
      return query ? `${path}?${query}` : path;
    },
    hasFilters: (search) => keys.some((key) => Boolean(search[key])),
  };
}
