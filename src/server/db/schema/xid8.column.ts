import { customType } from "drizzle-orm/pg-core";

/**
 * PostgreSQL's 64-bit transaction id (never wraps around), as its decimal text: only compared and copied
 * inside SQL, never computed with in JavaScript.
 */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });
