import type { ApiEnvelope } from "@shared/envelope";
import type { ApiErrorCode } from "@shared/error-codes";
import { FetchError, type FetchOptions, ofetch } from "ofetch";
import { parseRetryAfter } from "./retry-after";

type ApiErrorDetails = {
  status?: number | undefined;
  code?: ApiErrorCode | undefined;
  /** The offending input of a VALIDATION failure, as the server named it. */
  field?: string | undefined;
  /** Seconds the server's `Retry-After` asked to wait. */
  retryAfter?: number | undefined;
};

/**
 * A failed API call, carrying what the server said (spec 7 envelope) and the HTTP status. `message` is the
 * server's English, for logs; users see the catalog's message for `code` (lib/error-message.ts).
 */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: ApiErrorCode | undefined;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;

  constructor(message: string, details: ApiErrorDetails = {}) {
    super(message);
    this.name = "ApiError";
    this.status = details.status;
    this.code = details.code;
    this.field = details.field;
    this.retryAfter = details.retryAfter;
  }
}

const REFRESH_PATH = "/auth/refresh";

type ApiClientOptions = {
  baseURL: string;
  /** Called when a 401 could not be mended by a refresh: the session is over. */
  onSessionExpired?: () => void;
  fetch?: typeof globalThis.fetch;
};

type RequestOptions = Omit<FetchOptions<"json">, "baseURL" | "responseType">;

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const body = error.data as Partial<ApiEnvelope<unknown>> | undefined;
    const failure = body && body.success === false ? body.error : undefined;
    return new ApiError(failure?.message ?? error.statusText ?? error.message, {
      status: error.status,
      code: failure?.code,
      field: failure?.field,
      retryAfter: parseRetryAfter(error.response?.headers.get("Retry-After")),
    });
  }
  return new ApiError(error instanceof Error ? error.message : String(error));
}

/**
 * The one HTTP client of spec 7: base /api, cookies, JSON; any response's Authorization header
 * replaces the stored one; a 401 (not the refresh, not a retry, while a header is held) triggers one
 * refresh shared by every concurrent failure, then a single retry.
 */
export function createApiClient({ baseURL, onSessionExpired, fetch }: ApiClientOptions) {
  let authorization: string | null = null;
  let refreshing: Promise<void> | null = null;

  const raw = ofetch.create(
    {
      baseURL,
      // Retries belong to the one policy of lib/retry-policy.ts; ofetch's own would run under it.
      retry: false,
      credentials: "include",
      headers: { Accept: "application/json" },
      onRequest({ options }) {
        if (authorization) options.headers.set("Authorization", authorization);
      },
      onResponse({ response }) {
        const header = response.headers.get("Authorization");
        if (header) authorization = header;
      },
    },
    fetch ? { fetch } : {},
  );

  function refreshOnce(): Promise<void> {
    refreshing ??= raw<ApiEnvelope<unknown>>(REFRESH_PATH, { method: "POST" })
      .then((body) => {
        // 'No session' (the refresh cookie is gone) mends nothing either.
        if (!body?.success || body.data === null) throw new ApiError("No session", { status: 200 });
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function send<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const sentWith = authorization;
    try {
      return await raw<T>(path, options);
    } catch (error) {
      const mendable =
        error instanceof FetchError && error.status === 401 && path !== REFRESH_PATH && sentWith !== null;
      if (!mendable) throw toApiError(error);
      // Another request may already have refreshed while this one was in flight.
      if (authorization === sentWith) {
        try {
          await refreshOnce();
        } catch {
          authorization = null;
          onSessionExpired?.();
          throw toApiError(error);
        }
      }
      try {
        return await raw<T>(path, options);
      } catch (retryError) {
        throw toApiError(retryError);
      }
    }
  }

  /** Sends a request and unwraps the envelope's `data`. */
  async function request<T>(path: string, options?: RequestOptions): Promise<T> {
    const body = await send<ApiEnvelope<T>>(path, options);
    if (!body?.success)
      throw new ApiError(body?.error?.message ?? "Unexpected error", {
        status: 200,
        code: body?.error?.code,
      });
    return body.data;
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>(path, { ...options, method: "GET" }),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>(path, { ...options, method: "POST", ...(body === undefined ? {} : { body }) }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>(path, { ...options, method: "PUT", ...(body === undefined ? {} : { body }) }),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>(path, { ...options, method: "PATCH", ...(body === undefined ? {} : { body }) }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>(path, { ...options, method: "DELETE" }),
    hasAuthorization: () => authorization !== null,
    dropAuthorization: () => {
      authorization = null;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
