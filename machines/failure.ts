/**
 * What a provided actor's rejection says about itself (an ApiError, usually): the HTTP status and what spec 7's
 * error envelope carried. The views turn it into words.
 */
export type FailureFacts = {
  status?: number | undefined;
  code?: string | undefined;
  /** VALIDATION: the input at fault. */
  field?: string | undefined;
  /** The server's English (or a thrown error's text), for logs; users never read it. */
  message?: string | undefined;
  /** Seconds the server's `Retry-After` asked to wait. */
  retryAfter?: number | undefined;
  /** SLOT_TAKEN and OUTSIDE_HOURS: the next free starts of that day (ISO instants). */
  nextFreeSlots?: readonly string[] | undefined;
};

const numberOr = (value: unknown) => (typeof value === "number" ? value : undefined);
const textOr = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * The facts of whatever a provided actor rejected with, each read only if it has its type. Read by hand, not
 * through an arktype schema: the session machine runs from the entry chunk, where arktype must not be.
 */
export function rejectionFacts(error: unknown): FailureFacts {
  if (typeof error !== "object" || error === null) return { message: String(error) };
  const read = (key: keyof FailureFacts): unknown => Reflect.get(error, key);
  const slots = read("nextFreeSlots");
  return {
    status: numberOr(read("status")),
    code: textOr(read("code")),
    field: textOr(read("field")),
    message: textOr(read("message")),
    retryAfter: numberOr(read("retryAfter")),
    nextFreeSlots: Array.isArray(slots)
      ? slots.filter((slot): slot is string => typeof slot === "string")
      : undefined,
  };
}
