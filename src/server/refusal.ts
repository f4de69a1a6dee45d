import type { BookingStatus } from "@shared/booking.constants";
import type { ApiErrorCode } from "@shared/error-codes";

/** What a refusal tells besides its message and code (the envelope's `error` carries them; see envelope.ts). */
export type RefusalFacts = {
  /** The offending input (a body or query field, or a header such as If-Match). */
  field?: string;
  /** A booking change refused for its status: the status the booking has now. */
  currentStatus?: BookingStatus;
  /** A start time refused: the next times that are free. */
  nextFreeSlots?: string[];
  /** How long a throttled client should wait (the route layer turns it into Retry-After). */
  retryAfterSeconds?: number;
};

/**
 * A request the product refuses for a reason the caller can act on. Repositories, rules and readers throw it
 * knowing nothing of HTTP; the route layer answers it with the status its code stands for (http/refusal-status.ts).
 */
export class Refusal extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly facts: RefusalFacts = {},
  ) {
    super(message);
    this.name = "Refusal";
  }
}

export const unauthenticated = () => new Refusal("UNAUTHENTICATED", "Authentication required");
