import type { AssistantBooking, Booking, BookingEvent } from "@shared/booking.schema";
import { isoInZone } from "@shared/zoned-time";
import type { BookingEventRow, BookingRow } from "../db/schema/bookings.schema";

/** A booking row as the portal lists it (spec names). */
export const toBooking = (row: BookingRow): Booking => ({
  _id: row.id,
  customerName: row.customerName,
  customerPhone: row.customerPhone,
  serviceId: row.serviceId,
  serviceName: row.serviceName,
  startTime: row.startTime.toISOString(),
  endTime: row.endTime.toISOString(),
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  source: row.source,
  callId: row.callId,
  version: row.version,
});

/**
 * A booking row as the assistant reads it (names with units), its times with the business's UTC offset at
 * each instant, so an assistant reads them back to a caller without converting.
 */
export const toAssistantBooking = (row: BookingRow, timeZone: string): AssistantBooking => {
  const withOffset = (instant: Date) => isoInZone(instant, timeZone);
  return {
    id: row.id,
    externalId: row.externalId,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    startTime: withOffset(row.startTime),
    endTime: withOffset(row.endTime),
    durationMinutes: row.durationMinutes,
    status: row.status,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    callExternalId: row.callExternalId,
    notes: row.notes,
    createdAt: withOffset(row.createdAt),
    version: row.version,
  };
};

/** One timeline entry. */
export const toBookingEvent = (row: BookingEventRow): BookingEvent => ({
  _id: row.id,
  at: row.at.toISOString(),
  action: row.action,
  actor: { kind: row.actorKind, name: row.actorName },
  fromStatus: row.fromStatus,
  toStatus: row.toStatus,
  fromStartTime: row.fromStartTime?.toISOString() ?? null,
  toStartTime: row.toStartTime.toISOString(),
  fromEndTime: row.fromEndTime?.toISOString() ?? null,
  toEndTime: row.toEndTime.toISOString(),
});
