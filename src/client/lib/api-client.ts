import { BOOKING_STATUSES, type BookingStatus } from "@shared/booking.constants";
import { type ApiErrorCode, apiErrorCodes } from "@shared/error-codes";
import { FetchError, type FetchOptions, type FetchResponse, ofetch } from "ofetch";
import type { ResponseName, ResponseOf } from "./response-schemas";
import { parseRetryAfter } from "./retry-after";

/** The client's own code: an answer that does not match the schema of the call that asked for it. */
export const BAD_RESPONSE = "BAD_RESPONSE";
/** The server's codes (spec 7) and the client's own. */
export type ClientErrorCode = ApiErrorCode | typeof BAD_RESPONSE;

type ApiErrorDetails = {
  status?: number | undefined;
  code?: ClientErrorCode | undefined;
  /** The offending input of a VALIDATION failure, as the server named it. */
  field?: string | undefined;
  /** Seconds the server's `Retry-After` asked to wait. */
  retryAfter?: number | undefined;
  /** BOOKING_STATUS and BOOKING_CHANGED: the booking's status now. */
  currentStatus?: BookingStatus | undefined;
  /** SLOT_TAKEN (and OUTSIDE_HOURS): the next free starts of that day (ISO instants), to offer instead. */
  nextFreeSlots?: readonly string[] | undefined;
};

/**
 * A failed API call, carrying what the server said (spec 7 envelope) and the HTTP status. `message` is the
 * server's English, for logs; users see the catalog's message for `code` (lib/error-wording.ts).
 */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: ClientErrorCode | undefined;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;
  readonly currentStatus: BookingStatus | undefined;
  readonly nextFreeSlots: readonly string[] | undefined;

  constructor(message: string, details: ApiErrorDetails = {}) {
    super(message);
    this.name = "ApiError";
    this.status = details.status;
    this.code = details.code;
    this.field = details.field;
    this.retryAfter = details.retryAfter;
    this.currentStatus = details.currentStatus;
    this.nextFreeSlots = details.nextFreeSlots;
  }
}

const REFRESH_PATH = "/auth/refresh";

type ApiClientOptions = {
  baseURL: string;
  /** Called when a 401 could not be mended by a refresh: the session is over. */
  onSessionExpired?: () => void;
  /** The id of the user this tab's session is for (null while there is none): a refresh must renew that one. */
  sessionUserId?: () => string | null;
  fetch?: typeof globalThis.fetch;
};

type RequestOptions = Omit<FetchOptions<"json">, "baseURL" | "responseType">;

const isApiErrorCode = (value: unknown): value is ApiErrorCode =>
  apiErrorCodes.some((code) => code === value);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const textOf = (value: unknown) => (typeof value === "string" ? value : undefined);

const isBookingStatus = (value: unknown): value is BookingStatus =>
  BOOKING_STATUSES.some((status) => status === value);

const instantsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : undefined;

type Envelope =
  | { success: true; data: unknown }
  | { success: false; failure: Omit<ApiErrorDetails, "status"> & { message?: string | undefined } };

/** The spec 7 envelope, read field by field: whatever else arrived is not one. */
function readEnvelope(body: unknown): Envelope | undefined {
  if (typeof body !== "object" || body === null || !("success" in body)) return undefined;
  if (body.success === true) return "data" in body ? { success: true, data: body.data } : undefined;
  if (body.success !== false) return undefined;
  const error = "error" in body && typeof body.error === "object" && body.error !== null ? body.error : {};
  return {
    success: false,
    failure: {
      message: "message" in error ? textOf(error.message) : undefined,
      code: "code" in error && isApiErrorCode(error.code) ? error.code : undefined,
      field: "field" in error ? textOf(error.field) : undefined,
      currentStatus:
        "currentStatus" in error && isBookingStatus(error.currentStatus) ? error.currentStatus : undefined,
      nextFreeSlots: "nextFreeSlots" in error ? instantsOf(error.nextFreeSlots) : undefined,
    },
  };
}

/** `body`: the answer's body when ofetch did not read it as JSON (a download's). */
function toApiError(error: unknown, body?: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const envelope = readEnvelope(body ?? error.data);
    const failure = envelope?.success === false ? envelope.failure : undefined;
    return new ApiError(failure?.message ?? error.statusText ?? error.message, {
      status: error.status,
      code: failure?.code,
      field: failure?.field,
      currentStatus: failure?.currentStatus,
      nextFreeSlots: failure?.nextFreeSlots,
      retryAfter: parseRetryAfter(error.response?.headers.get("Retry-After")),
    });
  }
  return new ApiError(error instanceof Error ? error.message : String(error));
}

/**
 * `data` of a 200 answer, as the call's route declares it (lib/response-schemas.ts names each). Read through
 * that schema in development and tests, as the server checks its own answers there (docs/spec-notes.md);
 * a production build holds neither the check nor arktype for it. Whatever is not our envelope is an ApiError.
 */
async function readData<Name extends ResponseName>(
  path: string,
  body: unknown,
  name: Name,
): Promise<ResponseOf<Name>> {
  const envelope = readEnvelope(body);
  if (!envelope)
    throw new ApiError(`${path} answered without the envelope`, { status: 200, code: BAD_RESPONSE });
  if (!envelope.success) {
    const { message, ...facts } = envelope.failure;
    throw new ApiError(message ?? "Unexpected error", { status: 200, ...facts });
  }
  if (import.meta.env.DEV) {
    const { responseProblem } = await import("./response-schemas");
    const problem = responseProblem(name, envelope.data);
    if (problem !== undefined)
      throw new ApiError(`${path} answered data its schema refuses: ${problem}`, {
        status: 200,
        code: BAD_RESPONSE,
      });
  }
  // The route's word, checked above wherever tests run: the one place an answer is taken as its type.
  return envelope.data as ResponseOf<Name>;
}

/**
 * The one HTTP client of spec 7: base /api, cookies, JSON; any response's Authorization header
 * replaces the stored one; a 401 (not the refresh, not a retry, while a header is held) triggers one
 * refresh shared by every concurrent failure, then a single retry.
 */
export function createApiClient({ baseURL, onSessionExpired, sessionUserId, fetch }: ApiClientOptions) {
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
    refreshing ??= raw<unknown>(REFRESH_PATH, { method: "POST" })
      .then((body) => readData(REFRESH_PATH, body, "sessionOrNone"))
      .then((user) => {
        // 'No session' (the refresh cookie is gone) mends nothing either.
        if (user === null) throw new ApiError("No session", { status: 200 });
        // Nor a session of someone else: another tab signed out and in as another user, and the cookie is
        // theirs now. Retrying would read and write their business under this tab's user; this session ends.
        const expected = sessionUserId?.() ?? null;
        if (expected !== null && user.id !== expected)
          throw new ApiError("Another account is signed in", { status: 200 });
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /** One attempt, and after a 401 one refresh (shared) and one retry; every failure an ApiError. */
  async function mended<T>(path: string, attempt: () => Promise<T>): Promise<T> {
    const sentWith = authorization;
    try {
      return await attempt();
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
        return await attempt();
      } catch (retryError) {
        throw toApiError(retryError);
      }
    }
  }

  // The body is read as unknown: only the schema of the call may say what it holds.
  const send = (path: string, options: RequestOptions = {}): Promise<FetchResponse<unknown>> =>
    mended(path, () => raw.raw<unknown>(path, options));

  /**
   * Sends a request and unwraps the envelope's `data`, the answer of the route `name` names; the answer's
   * headers come with it, for the calls that read one beside their data.
   */
  async function requestWithHeaders<Name extends ResponseName>(
    path: string,
    name: Name,
    options?: RequestOptions,
  ): Promise<{ data: ResponseOf<Name>; headers: Headers }> {
    // The body is read as unknown: only the schema of the call may say what it holds.
    const response = await send(path, options);
    return { data: await readData(path, response._data, name), headers: response.headers };
  }

  async function request<Name extends ResponseName>(
    path: string,
    name: Name,
    options?: RequestOptions,
  ): Promise<ResponseOf<Name>> {
    return (await requestWithHeaders(path, name, options)).data;
  }

  const withBody = (body: unknown) => (body === undefined ? {} : { body });

  return {
    request,
    requestWithHeaders,
    get: <Name extends ResponseName>(path: string, name: Name, options?: RequestOptions) =>
      request(path, name, { ...options, method: "GET" }),
    post: <Name extends ResponseName>(path: string, name: Name, body?: unknown, options?: RequestOptions) =>
      request(path, name, { ...options, method: "POST", ...withBody(body) }),
    put: <Name extends ResponseName>(path: string, name: Name, body?: unknown, options?: RequestOptions) =>
      request(path, name, { ...options, method: "PUT", ...withBody(body) }),
    patch: <Name extends ResponseName>(path: string, name: Name, body?: unknown, options?: RequestOptions) =>
      request(path, name, { ...options, method: "PATCH", ...withBody(body) }),
    delete: <Name extends ResponseName>(path: string, name: Name, options?: RequestOptions) =>
      request(path, name, { ...options, method: "DELETE" }),
    /**
     * A file answer (a download), its body a stream read as it arrives; failures as every call's. A refusal's
     * envelope arrives as a stream too, as the file would have: it is read as the JSON it is (a 401 goes on as
     * it came, for the refresh to mend).
     */
    download: async (
      path: string,
      options: { query?: Record<string, string>; signal?: AbortSignal } = {},
    ) => {
      const response = await mended(path, async () => {
        try {
          return await raw.raw<unknown, "stream">(path, {
            ...options,
            method: "GET",
            responseType: "stream",
          });
        } catch (error) {
          if (error instanceof FetchError && error.status !== 401 && error.data instanceof ReadableStream)
            throw toApiError(error, parseJson(await new Response(error.data).text()));
          throw error;
        }
      });
      if (!response.body) throw new ApiError(`${path} answered no file`, { code: BAD_RESPONSE });
      return { body: response.body, headers: response.headers };
    },
    hasAuthorization: () => authorization !== null,
    dropAuthorization: () => {
      authorization = null;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
