// The services list at 10 connections: a business's catalogue among other businesses' catalogues, so the
// tenant filter and the order by name do real work.
import type { Service } from "@shared/service.schema";
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

/** The list as the portal reads it right after a save: one staff member toggling a service and reading the list, one request at a time. */
async function listAfterChange(baseURL: string, staff: StaffSession): Promise<Figure[]> {
  const headers = { Authorization: staff.authorization };
  const list = async () => {
    const response = await loadFetch(`${baseURL}/api/services`, { headers });
    if (!response.ok) throw new Error(`list failed: ${response.status}`);
    return ((await response.json()) as { data: Service[] }).data;
  };
  const [first] = await list();
  if (!first) throw new Error("the benchmark business has no services");
  const { _id, ...service } = first;
  const latencies: number[] = [];
  for (let i = 0; i < 200; i++) {
    const toggled = await loadFetch(`${baseURL}/api/services/${_id}`, {
      method: "PUT",
      headers: { ...headers, "Content-Type": "application/json", Origin: baseURL },
      body: JSON.stringify({ ...service, isActive: i % 2 === 1 }),
    });
    if (!toggled.ok) throw new Error(`toggle failed: ${toggled.status} ${await toggled.text()}`);
    const started = performance.now();
    await list();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Number(latencies[Math.floor((p / 100) * latencies.length)]!.toFixed(2));
  return [
    { name: "GET /api/services right after a change, 1 conn p50", value: at(50), unit: "ms" },
    { name: "GET /api/services right after a change, 1 conn p99", value: at(99), unit: "ms" },
  ];
}

export async function servicesBench({ baseURL }: ServerProcess): Promise<Figure[]> {
  const staff = await seedServiceCatalogues(baseURL);
  const list = await runLoad(async (worker) => {
    const response = await loadFetch(`${baseURL}/api/services`, {
      headers: { Authorization: staff[worker % BUSINESSES]!.authorization },
    });
    return response.ok;
  });
  return [
    ...loadFigures(`GET /api/services (${SERVICES_EACH} services) @10 conns`, list, { p99: "≤ 10 ms" }),
    ...(await listAfterChange(baseURL, staff[0]!)),
  ];
}
