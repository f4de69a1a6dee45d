// The services list at 10 connections: a business's catalogue among other businesses' catalogues, so the
// tenant filter and the order by name do real work.
import type { ServerProcess } from "../tests/support/server-process";
import { type StaffSession, signUp } from "./http-session";
import { loadFetch, runLoad } from "./load";
import { type Figure, loadFigures } from "./report";

const BUSINESSES = 20;
/** A large catalogue for a clinic or salon; most have a dozen. */
const SERVICES_EACH = 60;

async function addServices(baseURL: string, staff: StaffSession, business: number) {
  for (let i = 0; i < SERVICES_EACH; i++) {
    const response = await fetch(`${baseURL}/api/services`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL, Authorization: staff.authorization },
      body: JSON.stringify({
        name: `Service ${business}-${String(i).padStart(3, "0")}`,
        description: "A treatment with a description as long as a real one, give or take a few words.",
        duration: 15 + (i % 8) * 15,
        price: 10 + i * 2.5,
        category: "wellness",
        isActive: i % 5 !== 0,
        bufferAfterMinutes: i % 3 === 0 ? 10 : null,
      }),
    });
    if (!response.ok) throw new Error(`service creation failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  }
}

/** BUSINESSES staff sessions, each of a business holding SERVICES_EACH services. */
export async function seedServiceCatalogues(baseURL: string): Promise<StaffSession[]> {
  const stamp = Date.now();
  const staff = await Promise.all(
    Array.from({ length: BUSINESSES }, (_, i) =>
      signUp(baseURL, `bench-services-${i}-${stamp}@example.com`, "bench password 1"),
    ),
  );
  await Promise.all(staff.map((session, business) => addServices(baseURL, session, business)));
  return staff;
}

export async function servicesBench({ baseURL }: ServerProcess): Promise<Figure[]> {
  const staff = await seedServiceCatalogues(baseURL);
  const list = await runLoad(async (worker) => {
    const response = await loadFetch(`${baseURL}/api/services`, {
      headers: { Authorization: staff[worker % BUSINESSES]!.authorization },
    });
    return response.ok;
  });
  return loadFigures(`GET /api/services (${SERVICES_EACH} services) @10 conns`, list, { p99: "≤ 10 ms" });
}
