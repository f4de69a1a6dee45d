import { type } from "arktype";
import { CALL_OUTCOMES, CALL_STATUSES } from "./calls.constants";

// Apart from calls.schema.ts so that booking.schema.ts can use them while calls.schema.ts uses the booking.
export const callStatus = type.enumerated(...CALL_STATUSES);
export const callOutcome = type.enumerated(...CALL_OUTCOMES);
