import type { DeliveryReasonCode } from "@shared/assistant-platforms.constants";
import type { type } from "arktype";

/**
 * Why a delivery (or a tool call) was refused: the code the card words in the owner's language, and the
 * English reason kept beside it for the logs, which names the field at fault and the rule it broke, never a
 * text it held: what the caller said (a transcript, a name, a number) could be that text, and the reason is
 * kept past the caller's erasure.
 */
export type DeliveryRefusal = { code: DeliveryReasonCode; reason: string };

/**
 * What a schema found wrong, one problem after another, without the texts it was given: arktype's
 * `(was "…")` is left out of each message where the value was a string (`(was missing)`, `(was a number)`,
 * a length stay: they quote nothing anyone said).
 */
export const rulesBroken = (errors: type.errors): string =>
  errors
    .map((error) =>
      error.actual.startsWith('"') ? error.message.replaceAll(` (was ${error.actual})`, "") : error.message,
    )
    .join("; ");
