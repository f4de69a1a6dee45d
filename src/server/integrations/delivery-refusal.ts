import type { DeliveryReasonCode } from "@shared/assistant-platforms.constants";

/**
 * Why a delivery (or a tool call) was refused: the code the card words in the owner's language, and the
 * English reason kept beside it for the logs, which names the field or value at fault.
 */
export type DeliveryRefusal = { code: DeliveryReasonCode; reason: string };
