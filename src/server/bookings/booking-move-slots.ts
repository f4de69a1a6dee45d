import type { SlotsRequest } from "@shared/availability.schema";
import { OPEN_BOOKING_STATUSES } from "@shared/booking.constants";
import type { SlotAnswer } from "../availability/slot-engine";
import type { SlotFinder } from "../availability/slot-finder";
import { NO_SERVICE_ID } from "../availability/slot-offer";
import type { Executor } from "../db/database";
import { Refusal } from "../refusal";
import { findBookingRow } from "./booking-lookups.repo";
import { bookedService } from "./booking-slots";

/**
 * The free slots a slots request asks for: a service's, or with `bookingId` exactly the starts a move of that
 * booking would accept (its own time counting as free, its booked duration and buffers, whatever became of its
 * service), as the assistant's and staff's reschedules decide them. 404 for an unknown or other business's
 * booking; 409 BOOKING_STATUS for one that can no longer move (completed, cancelled); 400 naming serviceId when
 * neither is given, or a serviceId that is not the booking's.
 */
export async function slotsOfRequest(
  db: Executor,
  findSlots: SlotFinder,
  businessId: string,
  { serviceId, bookingId, from, to }: SlotsRequest,
): Promise<SlotAnswer> {
  if (bookingId === undefined) {
    if (serviceId === undefined)
      throw new Refusal("VALIDATION", "serviceId is required (or bookingId)", { field: "serviceId" });
    return findSlots(businessId, { serviceId, from, to });
  }
  const row = await findBookingRow(db, businessId, bookingId);
  if (!row) throw new Refusal("NOT_FOUND", "No such booking", { field: "bookingId" });
  if (serviceId !== undefined && serviceId !== row.serviceId)
    throw new Refusal("VALIDATION", "serviceId must be the booking's own service (or left out)", {
      field: "serviceId",
    });
  if (!OPEN_BOOKING_STATUSES.includes(row.status))
    throw new Refusal("BOOKING_STATUS", `A ${row.status} booking cannot be moved`, {
      field: "bookingId",
      currentStatus: row.status,
    });
  return findSlots(
    businessId,
    { serviceId: row.serviceId ?? NO_SERVICE_ID, from, to },
    { ignoreBookingId: row.id, service: bookedService(row) },
  );
}
