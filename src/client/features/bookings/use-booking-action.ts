import { useLingui } from "@lingui/react/macro";
import type { Booking } from "@shared/booking.schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toaster } from "../../components/ui/toaster";
import { ApiError } from "../../lib/api-client";
import { useApi } from "../../lib/api-context";
import { useShownTimeZone } from "../../lib/business-timezone";
import { failureMessage, failureOf } from "../../lib/error-wording";
import { dateTimeFormat } from "../../lib/zoned-format";
import { type BookingAction, bookingUpdateFor } from "./booking-actions";
import { refreshAfterBookingChange } from "./booking-change-refresh";
import { bookingQueries, updateBooking } from "./bookings.queries";

/** What an action needs of a booking: its id and the version shown, its status and times for the rule. */
export type ActionTarget = Pick<Booking, "_id" | "version" | "status" | "startTime" | "endTime">;

type ActionVariables = { booking: ActionTarget; action: BookingAction };

/**
 * Confirm, complete, cancel or reschedule a booking (spec 4) with spec 8's toasts. The PUT carries the
 * version shown (If-Match); whatever the answer, every booking query is refreshed, so a booking someone else
 * changed (BOOKING_CHANGED) is reloaded on screen as its toast says, and with them the free times and the
 * calls (refreshAfterBookingChange).
 *
 * `act` resolves with the updated booking and rejects with the ApiError after its toast (the reschedule
 * dialog explains a taken time itself, and a move outside the opening hours gets its question instead of a
 * toast); `run` is for buttons that have nothing more to do.
 */
export type BookingActions = ReturnType<typeof useBookingAction>;

export function useBookingAction() {
  const { t, i18n } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const timeZone = useShownTimeZone();

  const mutation = useMutation({
    mutationFn: ({ booking, action }: ActionVariables) => {
      const body = bookingUpdateFor(booking, action, Date.now());
      // The screens only offer what the machine allows; a stale screen gets the server's own 409 (and a
      // device clock ahead of the server's, BOOKING_NOT_STARTED for a Complete it offered).
      return updateBooking(api, booking, body ?? { status: booking.status });
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(bookingQueries.detail(api, updated._id).queryKey, (detail) =>
        detail ? { ...detail, ...updated } : detail,
      );
      toaster.success({ title: t`Booking updated successfully` });
    },
    onError: (error, { booking, action }) => {
      const failure = failureOf(error) ?? {};
      // Not a failure but a question, which the reschedule dialog asks itself (move it anyway?).
      if (action.type === "reschedule" && failure.code === "OUTSIDE_HOURS") return;
      const reason = failureMessage(failure);
      // As the server's refusal does, a Complete refused before the start names it (a device clock ahead).
      const start =
        failure.code === "BOOKING_NOT_STARTED" && timeZone
          ? dateTimeFormat(i18n.locale, timeZone)(booking.startTime)
          : null;
      toaster.error({
        title: t`Failed to update booking`,
        description: start
          ? t`This appointment starts ${start}: it can be completed once it has started.`
          : reason
            ? i18n._(reason)
            : undefined,
      });
    },
    onSettled: () => refreshAfterBookingChange(queryClient),
  });

  const { mutateAsync } = mutation;
  const act = useCallback(
    (booking: ActionTarget, action: BookingAction) => mutateAsync({ booking, action }),
    [mutateAsync],
  );
  const run = useCallback(
    (booking: ActionTarget, action: BookingAction) => {
      act(booking, action).catch((error: unknown) => {
        // Reported by its toast; anything else is a bug to see.
        if (!(error instanceof ApiError)) throw error;
      });
    },
    [act],
  );

  return {
    act,
    run,
    /** Whether an update is in flight: spec 4 disables the action buttons meanwhile. */
    pending: mutation.isPending,
  };
}
