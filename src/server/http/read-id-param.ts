import type { Context } from "hono";
import { Refusal } from "../refusal";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Could this be one of our ids (a UUID, any case)? What is not names nothing, and never reaches a uuid column. */
export const isUuid = (text: string) => UUID.test(text);

/**
 * The `:id` of a route. A value that is not a UUID names nothing, so it gets the same 404 as an unknown id,
 * and never reaches a uuid column (where it would be a database error).
 */
export function readIdParam(c: Context, notFound: string): string {
  const id = c.req.param("id") ?? "";
  if (!isUuid(id)) throw new Refusal("NOT_FOUND", notFound);
  return id.toLowerCase();
}
