import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as assistantKeys from "./schema/assistant-keys.schema";
import * as authThrottle from "./schema/auth-throttle.schema";
import * as businesses from "./schema/businesses.schema";
import * as calls from "./schema/calls.schema";
import * as refreshTokens from "./schema/refresh-tokens.schema";
import * as services from "./schema/services.schema";
import * as users from "./schema/users.schema";

export const schema = {
  ...businesses,
  ...users,
  ...refreshTokens,
  ...authThrottle,
  ...assistantKeys,
  ...services,
  ...calls,
};

/** Both drivers (PGlite and node-postgres) produce this type; the app never knows which one it has. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a transaction callback receives; repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];
