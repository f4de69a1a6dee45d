import { type Type, type } from "arktype";
import type { Context } from "hono";
import { Refusal } from "../refusal";
import { storable } from "./unstorable-text";

const invalid = (message: string, field?: string) => new Refusal("VALIDATION", message, { field });

/**
 * The one way a route reads its query string: every parameter at most once, the whole set checked against a
 * shared arktype schema (which names each offending parameter, and refuses unknown ones). A parameter given
 * empty counts as not given: spec 7's optional filters (`[&status=]`) come that way from a client that fills
 * its query from a form.
 */
export function readQuery<T extends Type>(c: Context, schema: T): T["infer"] {
  const params: Record<string, string> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length > 1)
      throw invalid(`${name} must be given once (was given ${values.length} times)`, name);
    const value = values[0] ?? "";
    // %00 decodes to a character no query can compare with a text column.
    if (!storable(value)) throw invalid(`${name} contains a NUL character, which no stored text holds`, name);
    if (value !== "") params[name] = value;
  }
  const out = schema(params);
  if (out instanceof type.errors) throw invalid(out.summary, out[0]?.propString || undefined);
  return out;
}
