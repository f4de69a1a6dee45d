// The floor of this machine: the cheapest API route that reads the database (one `select 1`) through the
// whole stack — client, HTTP, middleware, the embedded database — at the connections every budget is read
// at. No route that reads the database answers faster on the same machine, so each budget is read beside it.
import type { ServerProcess } from "../tests/support/server-process";
import { loadFetch, runLoad } from "./load";
import { type Figure, loadFigures } from "./report";

export async function floorBench({ baseURL }: ServerProcess): Promise<Figure[]> {
  const health = await runLoad(async () => (await loadFetch(`${baseURL}/api/health`)).ok);
  return loadFigures("GET /api/health @10 conns", health);
}
