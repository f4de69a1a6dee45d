import type { FailureFacts } from "@machines/failure";
import { type RescheduleSaveInput, rescheduleMachine } from "@machines/reschedule.machine";
import { fromPromise } from "xstate";
import type { BookingAction } from "./booking-actions";
import type { ActionTarget } from "./use-booking-action";

type RescheduleEffects = {
  /** The action hook's `act`: PUT with If-Match, spec 8 toasts, booking queries refreshed. */
  act: (booking: ActionTarget, action: BookingAction) => Promise<unknown>;
  onSaved: () => void;
  onFailed?: (failure: FailureFacts) => void;
};

/** The reschedule dialog with its side effect: the booking's PUT through the action hook. */
export function provideRescheduleDialog({ act, onSaved, onFailed }: RescheduleEffects) {
  return rescheduleMachine.provide({
    actors: {
      save: fromPromise<unknown, RescheduleSaveInput>(({ input }) =>
        act(input.booking, {
          type: "reschedule",
          startTime: input.startTime,
          ...(input.outsideHours && { outsideHours: true }),
        }),
      ),
    },
    actions: {
      announceSaved: () => onSaved(),
      announceFailed: (_, { failure }) => onFailed?.(failure),
    },
  });
}
