// The floor of this machine: the cheapest API route that reads the database (one `select 1`) through the
// whole stack — client, HTTP, middleware, the embedded database — at the connections every budget is read
// at. No route that reads the database answers faster on the same machine, so each budget is read beside it:
// the list sections measure it again on their own server, after the same warm-up as their lists.
import type { ServerProcess } from "../tests/support/server-process";
import { loadFetch, runLoad, warmUp } from "./load";
import { type Figure, loadFigures } from "./report";

/** As long as the list sections warm up: V8 is still optimizing PGlite's WebAssembly in the first seconds. */
const WARMUP_SECONDS = 8;

const health = async (baseURL: string) => (await loadFetch(`${baseURL}/api/health`)).ok;

/** The floor on a server that has already been warmed up (by the section's own warm-up). */
export async function floorFigures(baseURL: string): Promise<Figure[]> {
  return loadFigures("GET /api/health @10 conns", await runLoad(() => health(baseURL)));
}

export async function floorBench({ baseURL }: ServerProcess): Promise<Figure[]> {
  await warmUp(() => health(baseURL), { seconds: WARMUP_SECONDS });
  return floorFigures(baseURL);
}
