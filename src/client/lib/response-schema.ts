type Issue = { readonly message: string };
type CheckResult<T> =
  | { readonly value: T; readonly issues?: undefined }
  | { readonly issues: readonly Issue[] };

/**
 * What the API client needs of a response schema: Standard Schema's `validate`, which every arktype type
 * carries, so the client reads `data` through the very schema the server's route declares without a runtime
 * import of arktype here.
 */
export type ResponseSchema<T> = {
  readonly "~standard": { readonly validate: (value: unknown) => CheckResult<T> | Promise<CheckResult<T>> };
  /** Gets the check ready while the request is in flight (loads the schema's code, starts the checker). */
  readonly prepare?: () => void;
};

/** A check written by hand, for the few answers read before arktype may load (the session at start-up). */
export function handCheck<T>(accepts: (value: unknown) => value is T, expected: string): ResponseSchema<T> {
  return {
    "~standard": {
      validate: (value) => (accepts(value) ? { value } : { issues: [{ message: `must be ${expected}` }] }),
    },
  };
}

/** Routes whose `data` is null (the server's `response: null`). */
export const noData = handCheck((value): value is null => value === null, "null");

/** The schema's verdict: the typed value, or the issues' messages joined (for logs, never shown). */
export async function check<T>(
  schema: ResponseSchema<T>,
  value: unknown,
): Promise<{ ok: true; value: T } | { ok: false; problem: string }> {
  const result = await schema["~standard"].validate(value);
  return result.issues
    ? { ok: false, problem: result.issues.map((issue) => issue.message).join("; ") }
    : { ok: true, value: result.value };
}
