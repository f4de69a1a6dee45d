import { ApiError, BAD_RESPONSE } from "../lib/api-client";

export type LoadFailure =
  | { kind: "missing" }
  | { kind: "notFound" }
  | { kind: "answered"; error: ApiError }
  | { kind: "unknown" };

/**
 * What to tell the user about a failed load (spec 8): what the server answered (shown as the
 * catalog's message for its code), the client fallback when data was missing or unreadable (the server said
 * nothing then), else the generic text.
 */
export function describeLoadFailure(error: unknown): LoadFailure {
  if (error instanceof ApiError) {
    if (error.code === BAD_RESPONSE) return { kind: "missing" };
    if (error.status === 404) return { kind: "notFound" };
    // The API client's own answer to `success: false` without a message (HTTP 200).
    if (error.status === 200 && !error.code && error.message === "Unexpected error")
      return { kind: "missing" };
    if (error.status !== undefined) return { kind: "answered", error };
  }
  return { kind: "unknown" };
}
