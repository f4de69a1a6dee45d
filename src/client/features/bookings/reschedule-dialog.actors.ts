import type { FailureFacts } from "@machines/failure";
import {
  type RescheduleReloadInput,
  type RescheduleSaveInput,
  type RescheduleTarget,
  rescheduleMachine,
} from "@machines/reschedule.machine";
import { fromPromise } from "xstate";
import type { BookingAction } from "./booking-actions";
import type { ActionTarget } from "./use-booking-action";

type RescheduleEffects = {
  /** The action hook's `act`: PUT with If-Match, spec 8 toasts, booking queries refreshed. */
  act: (booking: ActionTarget, action: BookingAction) => Promise<unknown>;
  /** The booking as the server has it now (after someone else changed it). */
  reload: (bookingId: string) => Promise<RescheduleTarget>;
  onSaved: () => void;
  onFailed?: (failure: FailureFacts) => void;
};

/** The reschedule dialog with its side effects: the booking's PUT through the action hook, and its GET. */
export function provideRescheduleDialog({ act, reload, onSaved, onFailed }: RescheduleEffects) {
  return rescheduleMachine.provide({
    actors: {
      save: fromPromise<unknown, RescheduleSaveInput>(({ input }) =>
        act(input.booking, {
          type: "reschedule",
          startTime: input.startTime,
          ...(input.outsideHours && { outsideHours: true }),
        }),
      ),
      reload: fromPromise<RescheduleTarget, RescheduleReloadInput>(({ input }) => reload(input.bookingId)),
    },
    actions: {
      announceSaved: () => onSaved(),
      announceFailed: (_, { failure }) => onFailed?.(failure),
    },
  });
}
