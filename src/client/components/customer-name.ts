import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

const REMOVED = msg`Customer details removed`;

/**
 * A booking's customer as shown: their name, or — once the retention purge removed it (Settings → Data
 * protection) — words saying so. A booking is never stored with an empty name otherwise.
 */
export const customerNameOf = (booking: { customerName: string }, i18n: I18n): string =>
  booking.customerName === "" ? i18n._(REMOVED) : booking.customerName;

/**
 * Who called, as a link or heading names them (spec 2: the name, failing that the phone): a name may be
 * missing or empty, and once the privacy desk erased the caller both are gone, which the same words as a
 * booking's say rather than leaving nothing to read or tab to.
 */
export const callerNameOf = (call: { customerName: string | null; fromNumber: string }, i18n: I18n): string =>
  call.customerName || call.fromNumber || i18n._(REMOVED);
