import type { BusyInterval } from "./slot-engine";

/**
 * Where taken time comes from. The slot finder asks for the business's busy time around the days asked;
 * bookings (with their services' buffers) and a connected calendar's busy times plug in here, the engine
 * unchanged.
 */
export type BusyIntervalSource = (
  businessId: string,
  window: { start: Date; end: Date },
  options?: BusyOptions,
) => Promise<BusyInterval[]>;

/** `ignoreBookingId`: a booking being moved does not stand in its own way. */
export type BusyOptions = { ignoreBookingId?: string };
