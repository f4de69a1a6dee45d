// Who a booking change is by, as its timeline names them (not XState actors: those live in machines/).
import { sql } from "drizzle-orm";
import { createBoundedMap } from "../bounded-map";
import type { Executor } from "../db/database";
import { rawRows } from "../db/raw-rows";
import type { AssistantContext, AuthContext } from "../http/app-env";
import type { BookingActor } from "./bookings-write.repo";

/** The signed-in staff member, named in the timeline by their email. */
export async function staffActor(db: Executor, auth: AuthContext): Promise<BookingActor> {
  const [row] = await rawRows<{ email: string }>(
    db,
    sql`select email from users where id = ${auth.userId}::uuid`,
  );
  return { kind: "staff", id: auth.userId, name: row?.email ?? null };
}

/** Key names never change (a key is made and revoked, never renamed): each is read once per process. */
const keyNames = createBoundedMap<string, string>(10_000);

/** The assistant, named in the timeline by the key it called with. */
export async function assistantActor(db: Executor, assistant: AssistantContext): Promise<BookingActor> {
  let name = keyNames.get(assistant.keyId);
  if (name === undefined) {
    const [row] = await rawRows<{ name: string }>(
      db,
      sql`select name from assistant_keys where id = ${assistant.keyId}::uuid`,
    );
    name = row?.name;
    if (name !== undefined) keyNames.set(assistant.keyId, name);
  }
  return { kind: "assistant", id: assistant.keyId, name: name ?? null };
}
