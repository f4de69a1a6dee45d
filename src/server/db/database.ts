import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as authThrottle from "./schema/auth-throttle.schema";
import * as businesses from "./schema/businesses.schema";
import * as refreshTokens from "./schema/refresh-tokens.schema";
import * as users from "./schema/users.schema";

export const schema = { ...businesses, ...users, ...refreshTokens, ...authThrottle };

/** Both drivers (PGlite and node-postgres) produce this type; the app never knows which one it has. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a transaction callback receives; repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];
