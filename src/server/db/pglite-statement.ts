import { type PGlite, parse, protocol } from "@electric-sql/pglite";

/**
 * One statement on PGlite in a single trip through its WebAssembly: Parse (the first time only), Bind,
 * Describe, Execute and Sync as one message. PGlite's own query() makes six calls into the module (one of
 * them a Describe of the statement, to learn its parameters' types) and has PostgreSQL parse and plan the
 * text again every time; for the short statements of a request that was about half of a statement's cost.
 * The text is prepared under a name on first use, so PostgreSQL parses it once per connection (its plans
 * still follow `discard plans`, see pglite-maintenance.ts).
 *
 * Parameters are sent as text with their types left to PostgreSQL: a string as it is, a number or a boolean
 * in its JavaScript spelling, which PostgreSQL reads as query() would have sent it for every type the code
 * passes them to (a number meant as a timestamp would be refused, not misread). Any other value (a Date, an
 * object, bytes) goes through query(), which serializes by the parameter's declared type.
 */
export async function pgliteRows(
  client: PGlite,
  text: string,
  params: readonly unknown[],
): Promise<unknown[]> {
  const values = textValues(params);
  if (!values) return (await client.query(text, params as unknown[])).rows;
  return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(client, text, values)));
}

/** Named statements per database: the texts the code runs are few; past this many, new ones go unnamed. */
const MAX_NAMED_STATEMENTS = 1_000;

type Named = { names: Map<string, string>; next: number };
const namedOf = new WeakMap<PGlite, Named>();

function textValues(params: readonly unknown[]): (string | null)[] | null {
  const values: (string | null)[] = [];
  for (const param of params) {
    if (param === null || param === undefined) values.push(null);
    else if (typeof param === "string") values.push(param);
    else if ((typeof param === "number" && Number.isFinite(param)) || typeof param === "boolean") {
      values.push(String(param));
    } else return null;
  }
  return values;
}

async function run(client: PGlite, text: string, values: (string | null)[]): Promise<unknown[]> {
  await client._checkReady();
  let named = namedOf.get(client);
  if (!named) {
    named = { names: new Map(), next: 0 };
    namedOf.set(client, named);
  }
  const known = named.names.get(text);
  const name = known ?? (named.names.size < MAX_NAMED_STATEMENTS ? `calldesk_${named.next++}` : "");
  const parts = [
    ...(known === undefined ? [protocol.serialize.parse({ text, name })] : []),
    protocol.serialize.bind({ statement: name, values }),
    protocol.serialize.describe({ type: "P" }),
    protocol.serialize.execute({}),
    protocol.serialize.sync(),
  ];
  const messages = await client.execProtocolStream(concat(parts), { syncToFs: false, throwOnError: false });
  if (known === undefined && name && messages[0]?.name === "parseComplete") named.names.set(text, name);
  // As query() does outside a transaction, which the transaction lock held here rules out.
  await client.syncToFs();
  const error = messages.find((message) => message instanceof protocol.messages.DatabaseError);
  if (error) throw error;
  return parse.parseResults(messages, client.parsers)[0]?.rows ?? [];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}
