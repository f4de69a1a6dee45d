import { PGlite } from "@electric-sql/pglite";
import type { TestServer } from "./server-harness";

/** A frontend message's type byte: Bind runs a prepared statement, Query a simple one (BEGIN, COMMIT…). */
const BIND = 0x42;
const QUERY = 0x51;

/** How many statements a buffer of frontend messages runs (each message: a type byte, then its length). */
function statementsIn(messages: Uint8Array): number {
  let count = 0;
  for (let at = 0; at + 5 <= messages.length; ) {
    const type = messages[at]!;
    if (type === BIND || type === QUERY) count++;
    const length = new DataView(messages.buffer, messages.byteOffset + at + 1, 4).getInt32(0);
    at += 1 + length;
  }
  return count;
}

/**
 * The statements the server's embedded database runs while `action` does, counted as PostgreSQL's wire
 * protocol sends them (every driver path of PGlite goes through execProtocolRaw): what a request costs in
 * round trips. PGlite only (PostgreSQL's pool has no one place to count at); null on PostgreSQL. The
 * scheduler's tick may fall in the window now and then and add its own.
 */
export async function statementsDuring(
  server: TestServer,
  action: () => Promise<unknown>,
): Promise<number | null> {
  const client = server.db.$client;
  if (!(client instanceof PGlite)) {
    await action();
    return null;
  }
  const raw = client.execProtocolRaw.bind(client);
  let count = 0;
  client.execProtocolRaw = (messages, options) => {
    count += statementsIn(messages);
    return raw(messages, options);
  };
  try {
    await action();
  } finally {
    // The prototype's method again.
    delete (client as Partial<Pick<PGlite, "execProtocolRaw">>).execProtocolRaw;
  }
  return count;
}
