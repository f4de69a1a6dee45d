import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { UNKNOWN_CALLER } from "@shared/calls.constants";

const REMOVED = msg`Customer details removed`;
const UNKNOWN = msg`Unknown caller`;

/**
 * A booking's customer as shown: their name, or — once the retention purge removed it (Settings → Data
 * protection) — words saying so. A booking is never stored with an empty name otherwise.
 */
export const customerNameOf = (booking: { customerName: string }, i18n: I18n): string =>
  booking.customerName === "" ? i18n._(REMOVED) : booking.customerName;

/**
 * The caller's number as shown: "" when there is none to show, once the privacy desk erased it ('') or when the
 * platform never said it (stored as UNKNOWN_CALLER, a word of no language).
 */
export const callerNumberOf = (call: { fromNumber: string }): string =>
  call.fromNumber === UNKNOWN_CALLER ? "" : call.fromNumber;

/**
 * Who called, as a link or heading names them (spec 2: the name, failing that the phone): a name may be
 * missing or empty, the number never told ("Unknown caller"), and once the privacy desk erased the caller both
 * are gone, which the same words as a booking's say rather than leaving nothing to read or tab to.
 */
export const callerNameOf = (call: { customerName: string | null; fromNumber: string }, i18n: I18n): string =>
  call.customerName || callerNumberOf(call) || i18n._(call.fromNumber ? UNKNOWN : REMOVED);
