import type { BookingStatus } from "@shared/booking.constants";
import type { ApiErrorCode } from "@shared/error-codes";

/** What a booking refusal tells besides its message (see ApiFailure in envelope.ts). */
export type ApiErrorDetails = { currentStatus?: BookingStatus; nextFreeSlots?: string[] };

import type { ContentfulStatusCode } from "hono/utils/http-status";

/** A failure the client is meant to see: thrown anywhere in a handler, rendered as the envelope by app.onError. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** For VALIDATION: the path of the offending input, so a client can say what is wrong in its own words. */
    readonly field?: string,
    readonly details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const unauthenticated = () => new ApiError(401, "UNAUTHENTICATED", "Authentication required");
