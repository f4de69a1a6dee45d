/**
 * When each business's bookings last changed, as a count of writes this process has finished: what lets a
 * reader keep what it read until the next write (see bookingBusyIntervals). Every write of
 * repos/bookings-write.repo.ts reports here once it is over, committed or not. Exact only where this process
 * owns the data (the embedded database); readers check that themselves.
 */
let writes = 0;
/** Writes at or before this one are forgotten (the map started over): everything read before is stale. */
let forgottenUpTo = 0;
const lastChange = new Map<string, number>();
const MAX_BUSINESSES = 10_000;

/** The mark to store with a read: take it before the read is sent. */
export const bookingsReadMark = () => writes;

/** Whether a read made from `mark` on is still what the business's bookings are. */
export const isBookingsReadCurrent = (businessId: string, mark: number) =>
  mark >= (lastChange.get(businessId) ?? forgottenUpTo);

/** Call after every write of a business's bookings has finished (its transaction over), failed ones too. */
export function bookingsChanged(businessId: string): void {
  writes++;
  if (lastChange.size >= MAX_BUSINESSES && !lastChange.has(businessId)) {
    lastChange.clear();
    forgottenUpTo = writes;
  }
  lastChange.set(businessId, writes);
}
