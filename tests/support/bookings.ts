import type { Slot } from "@shared/availability.schema";
import type { Booking, BookingCreate, BookingStatus } from "@shared/booking.schema";
import type { CallReport } from "@shared/calls.schema";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { reportCallOk, staffApi } from "./browser";

// Booking helpers of the browser tests: what staff and the assistant do through the API around a screen.

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The first free slot of the service in the two weeks from `from` (today), as the assistant would be offered it. */
export async function firstFreeSlot(page: Page, serviceId: string, from = new Date()): Promise<Slot> {
  const params = { serviceId, from: isoDay(from), to: isoDay(new Date(from.getTime() + 14 * 86_400_000)) };
  const [slot] = await staffApi<Slot[]>(page, "GET", "/api/availability/slots", { params });
  if (!slot) throw new Error(`no free slot for ${serviceId} in the next two weeks`);
  return slot;
}

/** Adds a staff booking for the page's user (any hour: staff confirm times outside the opening hours). */
export const createBooking = (page: Page, booking: BookingCreate) =>
  staffApi<Booking>(page, "POST", "/api/bookings", { data: { outsideHours: true, ...booking } });

/** Moves a booking to `status` through the staff API (no If-Match: whatever version is current). */
export const setBookingStatus = (page: Page, id: string, status: BookingStatus) =>
  staffApi<Booking>(page, "PUT", `/api/bookings/${id}`, { data: { status } });

let bookings = 0;

/**
 * What the voice assistant does during a call: POST /api/assistant/bookings with its key (on the shared server
 * unless `baseURL` names a file's own); returns the id.
 */
export async function bookAsAssistant(
  key: string,
  booking: { serviceId: string; startTime: string; callExternalId?: string; customerName?: string },
  baseURL = inject("baseURL"),
): Promise<string> {
  const response = await fetch(`${baseURL}/api/assistant/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Api-Key": key },
    body: JSON.stringify({
      externalId: `e2e-booking-${Date.now().toString(36)}-${bookings++}`,
      customerName: "Grace Hopper",
      customerPhone: "+15550001111",
      notes: "Prefers the window seat",
      ...booking,
    }),
  });
  const body = (await response.json()) as { data?: { id: string } };
  if (response.status !== 201 || !body.data)
    throw new Error(`booking failed: ${response.status} ${JSON.stringify(body)}`);
  return body.data.id;
}

/**
 * A call in which the assistant books: `call` reported, then booked into the service's first free slot. The
 * call's id, the slot and the booking's id.
 */
export async function bookDuringCall(page: Page, key: string, serviceId: string, call: CallReport) {
  const callId = await reportCallOk(key, call);
  const slot = await firstFreeSlot(page, serviceId);
  const bookingId = await bookAsAssistant(key, {
    serviceId,
    startTime: slot.start,
    callExternalId: call.externalId,
  });
  return { callId, slot, bookingId };
}
