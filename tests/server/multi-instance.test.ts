import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Booking } from "../../src/shared/booking.schema";
import type { Service } from "../../src/shared/service.schema";
import { refresh, type SignedIn, signUp } from "../support/server-accounts";
import { dataOf } from "../support/server-calls";
import { createPostgresDatabase } from "../support/server-database";
import { accessTokenOf, type Requester, refreshCookieOf, requestTo } from "../support/server-harness";
import { type ServerProcess, startServerProcess } from "../support/server-process";

// Several instances of the real server (their own processes, their own DATA_DIRs) on one PostgreSQL
// database, as behind a load balancer: started together on an empty database they all come up (the start
// lock), and a user may be answered by any of them (one signing secret, in the database). No JWT_SECRET.

const adminUrl = process.env.TEST_DATABASE_URL;
const INSTANCES = 3;

describe.skipIf(!adminUrl)("several instances on one PostgreSQL (needs TEST_DATABASE_URL)", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let started: PromiseSettledResult<ServerProcess>[] = [];
  const instances = () =>
    started.map((result) => {
      if (result.status === "rejected") throw result.reason;
      return result.value;
    });

  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl!);
    // All at once on the empty database: migrations, SQL functions and the demo's seeding race unless locked.
    started = await Promise.allSettled(
      Array.from({ length: INSTANCES }, () =>
        startServerProcess({
          DATABASE_URL: database.url,
          SEED_DEMO: "true",
          STATIC_DIR: "",
          LOG_LEVEL: "warn",
        }),
      ),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(started.map((result) => (result.status === "fulfilled" ? result.value.stop() : null)));
    await database?.drop();
  });

  it(`${INSTANCES} instances started together on an empty database all come up, and set it up once`, async () => {
    expect(instances()).toHaveLength(INSTANCES);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ businesses: number; secrets: number }>(
        `select (select count(*)::int from businesses) as businesses,
          (select count(*)::int from instance_settings where name = 'jwtSecret') as secrets`,
      );
      expect(rows[0]).toEqual({ businesses: 1, secrets: 1 });
    } finally {
      await client.end();
    }
  });

  it("serves one user through two instances alternately: sign-up, refresh, bookings, sign-out (ending the access token on both)", async () => {
    const [first, second] = instances().map((instance) => ({ request: requestTo(instance.baseURL) }));
    const a: Requester = first!;
    const b: Requester = second!;
    const me = (server: Requester, staff: SignedIn) =>
      server.request("/api/auth/me", { accessToken: staff.accessToken });

    const signedUp = await signUp(a);
    // The token the first instance signed verifies on the second: both sign with the database's secret.
    expect((await me(b, signedUp)).status).toBe(200);

    const refreshed = await refresh(b, signedUp.refreshCookie);
    expect(refreshed.status).toBe(200);
    const staff: SignedIn = {
      user: signedUp.user,
      accessToken: accessTokenOf(refreshed)!,
      refreshCookie: refreshCookieOf(refreshed)!,
    };
    expect((await me(a, staff)).status).toBe(200);

    const service = await dataOf<Service>(
      await a.request("/api/services", {
        json: { name: "Cleaning", duration: 30, price: 45, isActive: true },
        accessToken: staff.accessToken,
      }),
    );
    const book = (server: Requester, daysAhead: number) =>
      server.request("/api/bookings", {
        json: {
          serviceId: service._id,
          customerName: "Walk In",
          customerPhone: "+15559990000",
          startTime: new Date(
            Math.ceil(Date.now() / 3_600_000) * 3_600_000 + daysAhead * 86_400_000,
          ).toISOString(),
          outsideHours: true,
        },
        accessToken: staff.accessToken,
      });
    const onFirst = await dataOf<Booking>(await book(a, 7));
    const onSecond = await dataOf<Booking>(await book(b, 8));
    for (const [server, booking] of [
      [b, onFirst],
      [a, onSecond],
    ] as const) {
      const read = await server.request(`/api/bookings/${booking._id}`, { accessToken: staff.accessToken });
      expect(await dataOf<Booking>(read)).toMatchObject({ _id: booking._id });
    }

    const signedOut = await a.request("/api/auth/sign-out", {
      method: "POST",
      refreshCookie: staff.refreshCookie,
    });
    expect(signedOut.status).toBe(200);
    expect((await refresh(b, staff.refreshCookie)).status).toBe(401);
    // Its access token stops at once on the other instance too, not when it expires.
    expect((await me(b, staff)).status).toBe(401);
  });
});
