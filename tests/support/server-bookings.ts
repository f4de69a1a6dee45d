import { sql } from "drizzle-orm";
import type { BookingActor, BulkBooking, NewBooking } from "../../src/server/bookings/bookings-write.repo";
import type { Executor } from "../../src/server/db/database";
import { rawRows } from "../../src/server/db/raw-rows";
import type { AssistantBooking, Booking } from "../../src/shared/booking.schema";
import type { ApiFailure } from "../../src/shared/envelope";
import type { Service } from "../../src/shared/service.schema";
import { type SignedIn, signIn, signUp } from "./server-accounts";
import { createAssistantKey, dataOf } from "./server-calls";
import { readEnvelope, type TestServer } from "./server-harness";

/** A signed-up business (New York, open 09:00–17:00 Monday to Friday) with a service and an assistant key. */
export type Practice = { staff: SignedIn; businessId: string; key: string; service: Service };

export async function openPractice(server: TestServer, duration = 30): Promise<Practice> {
  const staff = await signUp(server);
  const { key } = await createAssistantKey(server, staff);
  const service = await dataOf<Service>(
    await server.request("/api/services", {
      json: { name: "Cleaning", duration, price: 45, isActive: true },
      accessToken: staff.accessToken,
    }),
  );
  return { staff, businessId: staff.user.businessId, key, service };
}

/** As the assistant calls: server to server, no Origin. */
export const assistantRequest = (
  server: TestServer,
  key: string,
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) =>
  server.request(`/api/assistant/bookings${path}`, {
    ...init,
    headers: { ...init.headers, "x-api-key": key },
    origin: null,
  });

export const bookAsAssistant = (server: TestServer, practice: Practice, body: Record<string, unknown>) =>
  assistantRequest(server, practice.key, "", {
    json: {
      externalId: crypto.randomUUID(),
      serviceId: practice.service._id,
      customerName: "Ada Lovelace",
      customerPhone: "+15550001111",
      ...body,
    },
  });

export const staffPut = (
  server: TestServer,
  staff: SignedIn,
  id: string,
  json: unknown,
  headers: Record<string, string> = {},
) => server.request(`/api/bookings/${id}`, { method: "PUT", json, accessToken: staff.accessToken, headers });

/**
 * A staff PUT made while the server's clock reads `at` (a complete once the appointment has started), then the
 * clock is set back. Signed in anew at that time: an access token lives 15 minutes of that clock.
 */
export async function staffPutAt(server: TestServer, staff: SignedIn, id: string, json: unknown, at: Date) {
  const today = server.clock();
  server.clock.set(at);
  try {
    const then = await signIn(server, staff.user.email, "correct horse");
    return await staffPut(server, then, id, json);
  } finally {
    server.clock.set(today);
  }
}

export const staffCreate = (server: TestServer, practice: Practice, body: Record<string, unknown>) =>
  server.request("/api/bookings", {
    json: {
      serviceId: practice.service._id,
      customerName: "Walk In",
      customerPhone: "+15559990000",
      ...body,
    },
    accessToken: practice.staff.accessToken,
  });

export async function errorOf(response: Response): Promise<ApiFailure["error"]> {
  const body = await readEnvelope(response);
  if (body.success) throw new Error(`expected a failure, got ${response.status}`);
  return body.error;
}

export const assistantBookingOf = (response: Response) => dataOf<AssistantBooking>(response);
export const bookingOf = (response: Response) => dataOf<Booking>(response);

/** A staff booking for `customerName` at `startTime` (ISO, any offset), outside hours allowed: the booking made. */
export const staffBooking = async (
  server: TestServer,
  practice: Practice,
  customerName: string,
  startTime: string,
) =>
  bookingOf(
    await staffCreate(server, practice, {
      customerName,
      startTime: new Date(startTime).toISOString(),
      outsideHours: true,
    }),
  );

/** Where the rows are read from: a test server, or a test database's handle. */
type Rows = { db: Executor };

/** A business's bookings, events and outbox rows, counted. */
export async function bookingRowCounts({ db }: Rows, businessId: string) {
  const [row] = await rawRows<{ bookings: number; events: number; outbox: number }>(
    db,
    sql`select (select count(*)::int from bookings where business_id = ${businessId}::uuid) as bookings,
      (select count(*)::int from booking_events where business_id = ${businessId}::uuid) as events,
      (select count(*)::int from outbox where business_id = ${businessId}::uuid) as outbox`,
  );
  return row!;
}

/** One booking's timeline as (version, action, from → to, who) and its outbox topics, in order. */
export async function timelineOf({ db }: Rows, bookingId: string) {
  const events = await rawRows<{
    version: number;
    action: string;
    from: string | null;
    to: string;
    actor: string;
  }>(
    db,
    sql`select version, action, from_status as from, to_status as to, actor_kind || ':' || coalesce(actor_name, '') as actor
      from booking_events
      where booking_id = ${bookingId}::uuid order by version`,
  );
  const topics = await rawRows<{ topic: string }>(
    db,
    sql`select topic from outbox where booking_id = ${bookingId}::uuid order by id`,
  );
  return { events, topics: topics.map((row) => row.topic) };
}

/** Who the timeline names for writes a test makes through the repository. */
export const STAFF_ACTOR: BookingActor = { kind: "staff", id: "u1", name: "front@example.com" };
export const SYSTEM_ACTOR: BookingActor = { kind: "system", id: null, name: null };

/** createBooking's input: a staff booking of the service at `startTime`, by STAFF_ACTOR; override the rest. */
export const staffBookingInput = (
  at: { businessId: string; serviceId: string; now: Date },
  booking: Pick<NewBooking, "startTime"> & Partial<NewBooking>,
) => ({
  businessId: at.businessId,
  actor: STAFF_ACTOR,
  now: at.now,
  booking: {
    source: "staff" as const,
    serviceId: at.serviceId,
    customerName: "Ada",
    customerPhone: "+15550001",
    ...booking,
  },
});

/** A row for insertBookings: a pending 30-minute "Cleaning" without buffers or call; override the rest. */
export const bulkBooking = (
  booking: Pick<BulkBooking, "startTime" | "createdAt"> & Partial<BulkBooking>,
): BulkBooking => ({
  externalId: null,
  source: "assistant",
  serviceId: null,
  serviceName: "Cleaning",
  durationMinutes: 30,
  priceCents: 0,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  customerName: "Bulk",
  customerPhone: "+1",
  notes: null,
  callId: null,
  callExternalId: null,
  status: "pending",
  ...booking,
});
