import type { Context } from "hono";
import { Refusal } from "../refusal";

/** If-Match: a version as ETag gives it ("3", W/"3" or 3); undefined when absent or `*` (any version). */
export function readIfMatch(c: Context): number | undefined {
  const header = c.req.header("if-match")?.trim();
  if (header === undefined || header === "*") return undefined;
  const match = /^(?:W\/)?"?([1-9]\d{0,8})"?$/.exec(header);
  if (!match)
    throw new Refusal(
      "VALIDATION",
      `If-Match must be the booking's version as its ETag gives it (was "${header}")`,
      { field: "If-Match" },
    );
  return Number(match[1]);
}

/**
 * The version a change is made against: the body's `version`, else If-Match; undefined when neither is
 * given (the change applies to the current version). Both given must agree.
 */
export function readExpectedVersion(c: Context, bodyVersion: number | undefined): number | undefined {
  const header = readIfMatch(c);
  if (bodyVersion !== undefined && header !== undefined && bodyVersion !== header)
    throw new Refusal(
      "VALIDATION",
      `version (${bodyVersion}) and If-Match (${header}) name different versions`,
      { field: "version" },
    );
  return bodyVersion ?? header;
}
