// Kept apart from booking.schema.ts so the client can use them without loading arktype.

/** Spec 3 "Booking": the statuses a booking moves through (the rule is machines/booking-status.machine.ts). */
export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Statuses that hold their time: their occupied intervals may never overlap (the database's exclusion). A
 * completed appointment took place in its time; only a cancelled one frees it.
 */
export const HOLDING_BOOKING_STATUSES: readonly BookingStatus[] = ["pending", "confirmed", "completed"];

/** Statuses still open to change (a move, a cancel): a caller's upcoming bookings are these. */
export const OPEN_BOOKING_STATUSES: readonly BookingStatus[] = ["pending", "confirmed"];

/** Which bookings a list shows: upcoming soonest first (the default), past newest first, or all. */
export const BOOKING_SCOPES = ["upcoming", "past", "all"] as const;
export type BookingScope = (typeof BOOKING_SCOPES)[number];

/** Where a booking came from. */
export const BOOKING_SOURCES = ["assistant", "staff"] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/** Who made a change in a booking's timeline (telegram and calendar arrive with the integrations). */
export const BOOKING_ACTOR_KINDS = ["staff", "assistant", "telegram", "calendar", "system"] as const;
export type BookingActorKind = (typeof BOOKING_ACTOR_KINDS)[number];

/** What happened to a booking: its creation, or one of spec 4's actions. */
export const BOOKING_ACTIONS = ["create", "confirm", "complete", "cancel", "reschedule"] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** Spec 9: page size of the bookings list; the API accepts up to 100. */
export const BOOKINGS_PAGE_SIZE = 10;
export const BOOKINGS_MAX_LIMIT = 100;

/** Spec 9: the reschedule dialog's time input steps in 10 minutes. */
export const RESCHEDULE_STEP_MINUTES = 10;

/** How many next free slots a refused booking suggests (the 409 of a taken or closed time). */
export const SUGGESTED_SLOTS_COUNT = 5;
