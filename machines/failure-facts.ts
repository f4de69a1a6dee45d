/** What a provided actor's rejection says about itself: the HTTP status and the server's code, when it has them. */
export type FailureFacts = { status?: number; code?: string };

/** The status and code of whatever a provided actor rejected with (an ApiError, usually); nothing else is read. */
export function failureFacts(error: unknown): FailureFacts {
  if (typeof error !== "object" || error === null) return {};
  const { status, code } = error as Record<string, unknown>;
  return {
    ...(typeof status === "number" && { status }),
    ...(typeof code === "string" && { code }),
  };
}
