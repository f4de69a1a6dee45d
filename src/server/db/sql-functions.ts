import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const functionsFolder = fileURLToPath(new URL("./functions", import.meta.url));

/**
 * The script that puts every SQL function and trigger function in place, from its one home in ./functions
 * (a file per topic, `CREATE OR REPLACE`, so it runs after the migrations on every start and on every
 * database alike). Files run in name order: a LANGUAGE sql function's body is checked when it is created, so
 * it may only use what an earlier file (or the schema) defines. Sent as one simple query, which PostgreSQL
 * and PGlite run as one transaction: all or nothing. Two instances starting together would replace the same
 * function at once ("tuple concurrently updated"): the start lock (DatabaseHandle.exclusiveStart) keeps them
 * apart.
 */
export function sqlFunctionsScript(): string {
  const files = readdirSync(functionsFolder)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  return files.map((name) => readFileSync(join(functionsFolder, name), "utf8")).join("\n");
}
