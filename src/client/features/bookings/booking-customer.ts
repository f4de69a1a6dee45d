import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

const REMOVED = msg`Customer details removed`;

/**
 * A booking's customer as shown: their name, or — once the retention purge removed it (Settings → Data
 * protection) — words saying so. A booking is never stored with an empty name otherwise.
 */
export const customerNameOf = (booking: { customerName: string }, i18n: I18n): string =>
  booking.customerName === "" ? i18n._(REMOVED) : booking.customerName;
