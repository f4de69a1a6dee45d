import type { ApiFailure, ApiSuccess } from "@shared/envelope";
import type { ApiErrorCode } from "@shared/error-codes";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  const body: ApiSuccess<T> = { success: true, data };
  return c.json(body, status);
}

export function failure(c: Context, status: ContentfulStatusCode, code: ApiErrorCode, message: string) {
  const body: ApiFailure = { success: false, error: { message, code } };
  return c.json(body, status);
}
