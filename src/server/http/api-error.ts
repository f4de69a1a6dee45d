import type { ApiErrorCode } from "@shared/error-codes";
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
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const unauthenticated = () => new ApiError(401, "UNAUTHENTICATED", "Authentication required");
