import { type Type, type } from "arktype";
import type { Context } from "hono";
import { Refusal } from "../refusal";
import { MAX_JSON_DEPTH, nestsTooDeeply } from "./json-depth";
import { readBodyText } from "./read-body-text";
import { findUnstorableText, ROOT_NAME } from "./unstorable-text";

const invalid = (message: string, field?: string) => new Refusal("VALIDATION", message, { field });

/**
 * The one way a route reads a body: JSON only, parsed, then checked against a shared arktype schema. Text the
 * database cannot store fails the whole body, unless the route checks its items one by one (`perItem`).
 */
export async function readJsonBody<T extends Type>(
  c: Context,
  schema: T,
  { perItem = false }: { perItem?: boolean } = {},
): Promise<T["infer"]> {
  const contentType = c.req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw invalid("Content-Type must be application/json");
  }
  const text = await readBodyText(c);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid("The request body is not valid JSON");
  }
  // Every body is an object. A schema of optional fields alone would take an array for one (it has no keys).
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw invalid("The request body must be an object");
  if (nestsTooDeeply(json)) throw invalid(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  const unstorable = perItem ? null : findUnstorableText(text, json);
  if (unstorable) {
    throw invalid(
      `${unstorable} contains a NUL character or an unpaired surrogate, which cannot be stored`,
      unstorable === ROOT_NAME ? undefined : unstorable,
    );
  }
  const out = schema(json);
  if (out instanceof type.errors) {
    // The summary names each offending field ("email must be …"); a root problem has no field to name.
    const summary = out.summary;
    throw invalid(
      summary.startsWith("must ") ? `The request body ${summary}` : summary,
      out[0]?.propString || undefined,
    );
  }
  return out;
}
