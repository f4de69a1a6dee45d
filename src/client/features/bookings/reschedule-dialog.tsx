import { Trans, useLingui } from "@lingui/react/macro";
import { dayAndTime, firstBookableDay } from "@machines/reschedule.machine";
import { RESCHEDULE_STEP_MINUTES } from "@shared/booking.constants";
import type { Booking } from "@shared/booking.schema";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { Clock } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";
import { customerNameOf } from "../../components/customer-name";
import { DatePickerField } from "../../components/date-picker-field";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Alert } from "../../components/ui/alert";
import { AppDialog, DialogForm } from "../../components/ui/app-dialog";
import { Button } from "../../components/ui/button";
import * as Dialog from "../../components/ui/dialog";
import { useApi } from "../../lib/api-context";
import { availabilityQueries } from "../../lib/availability-queries";
import { useBusinessTimeZone } from "../../lib/business-timezone";
import { calendarDateFormat } from "../../lib/calendar-week";
import { failureMessage } from "../../lib/error-wording";
import { useInspectOptions } from "../../lib/inspect-context";
import { dateTimeFormat } from "../../lib/zoned-format";
import { bookingQueries } from "./bookings.queries";
import { OutsideHoursQuestion } from "./outside-hours-question";
import { provideRescheduleDialog } from "./reschedule-dialog.actors";
import { SuggestedTimes } from "./suggested-times";
import type { BookingActions } from "./use-booking-action";

const fieldStyles = field();
const choices = css({ display: "flex", flexWrap: "wrap", gap: "2" });

type RescheduleDialogProps = {
  /** The booking to move; null closes the dialog. */
  booking: Booking | null;
  /** The screen's action hook's `act` (PUT with If-Match, spec 8's toasts). */
  act: BookingActions["act"];
  onClose: () => void;
  /** Where focus goes when the dialog closes (the button that opened it may have left with the booking). */
  finalFocus?: (() => HTMLElement | null) | undefined;
};

/** Spec 2/5: 'Reschedule Booking' — a day (no past ones), a time in 10-minute steps, 'Now', that day's free slots. */
export function RescheduleDialog({ booking, act, onClose, finalFocus }: RescheduleDialogProps) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const id = useId();
  // The business's alone, never the device's: a day and time read on another clock would be another moment.
  const zone = useBusinessTimeZone();
  const timeZone = zone.data;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    provideRescheduleDialog({
      act,
      // Read afresh, not from the cache: the copy shown is the one the server just refused.
      reload: (bookingId) =>
        queryClient.fetchQuery({ ...bookingQueries.detail(api, bookingId), staleTime: 0 }),
      onSaved: () => closeRef.current(),
    }),
  );
  const dialog = useActorRef(machine, useInspectOptions());
  const editing = useSelector(dialog, (s) => !s.matches("closed"));
  // Without the business's timezone (its request failed) the dialog opens to say so, and offers no time.
  const zoneMissing = booking !== null && timeZone === undefined && zone.isError;
  const open = editing || zoneMissing;
  const saving = useSelector(dialog, (s) => s.matches("saving"));
  // The question stays while its confirmed answer is on its way, so focus stays on the answer pressed.
  const asking = useSelector(
    dialog,
    (s) => s.matches("outsideHours") || (s.matches("saving") && s.context.outsideHoursConfirmed),
  );
  const date = useSelector(dialog, (s) => s.context.date);
  const time = useSelector(dialog, (s) => s.context.time);
  const exactStart = useSelector(dialog, (s) => s.context.exactStart);
  const failure = useSelector(dialog, (s) => s.context.failure);
  const movedFrom = useSelector(dialog, (s) => s.context.movedFrom);
  const startNow = useSelector(dialog, (s) => s.context.booking?.startTime);
  const canSubmit = useSelector(dialog, (s) => s.can({ type: "form.submit" }));

  useEffect(() => {
    if (booking && timeZone) dialog.send({ type: "dialog.open", booking, timeZone });
  }, [booking, timeZone, dialog]);

  // When the question goes (another time taken from it, or its answer refused), focus it held goes to the time.
  const timeRef = useRef<HTMLInputElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (wasAsking.current && !asking && open && !timeRef.current?.form?.contains(document.activeElement))
      timeRef.current?.focus();
    wasAsking.current = asking;
  }, [asking, open]);

  const close = () => {
    if (!editing) return onClose();
    // Not while the change is on its way: its answer decides.
    if (!dialog.getSnapshot().can({ type: "dialog.close" })) return;
    dialog.send({ type: "dialog.close" });
    onClose();
  };

  // The times this move would accept: its own time counts as free (a move by a quarter of an hour overlaps
  // it) and its booked duration applies, whatever became of its service.
  const bookingId = booking?._id ?? null;
  const slots = useQuery({
    ...availabilityQueries.slots(api, { bookingId: bookingId ?? "", from: date ?? "", to: date ?? "" }),
    select: (answer) => answer.slots,
    enabled: open && bookingId !== null && date !== null,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dialog.send({ type: "form.submit" });
  };

  const zoneForDisplay = timeZone ?? "UTC";
  // The time input's own form ("HH:mm"), so a slot's label is compared with the input's value.
  const timeOf = (iso: string) => dayAndTime(new Date(iso), zoneForDisplay).time;
  const chosenDay = date
    ? calendarDateFormat(i18n.locale, { weekday: "long", month: "short", day: "numeric" })(date)
    : "";
  const reason = failure ? failureMessage(failure) : undefined;
  // Reloaded after a change by someone else that moved it: from when to when, before a time is sent again.
  const when = timeZone ? dateTimeFormat(i18n.locale, timeZone) : null;
  const before = when && movedFrom ? when(movedFrom) : null;
  const now = when && startNow ? when(startNow) : null;
  const suggestions = (
    <SuggestedTimes
      starts={failure?.nextFreeSlots ?? []}
      label={timeOf}
      onPick={(startTime) => dialog.send({ type: "slot.pick", startTime })}
    />
  );

  return (
    <AppDialog
      open={open}
      onClose={close}
      finalFocus={finalFocus}
      width="md"
      title={<Trans>Reschedule Booking</Trans>}
      description={
        booking ? (
          <Trans>
            Choose a new date and time for {customerNameOf(booking, i18n)}. The booking keeps its length and
            waits for confirmation again.
          </Trans>
        ) : null
      }
    >
      {zoneMissing ? (
        <>
          <LoadErrorAlert
            title={<Trans>The business's time zone could not be loaded</Trans>}
            onRetry={() => void zone.refetch()}
          >
            <Trans>
              A new time is chosen on the business's clock; until it is known, this booking cannot be
              rescheduled.
            </Trans>
          </LoadErrorAlert>
          <Dialog.Footer>
            <Button variant="outline" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
          </Dialog.Footer>
        </>
      ) : (
        /* Nothing is disabled while saving: the chart ignores changes then, and disabling the focused
          control would drop the keyboard focus out of the dialog. */
        <DialogForm label={t`Reschedule Booking`} busy={saving} onSubmit={submit}>
          {asking ? (
            <OutsideHoursQuestion
              time={time}
              day={chosenDay}
              saving={saving}
              onConfirm={() => dialog.send({ type: "outsideHours.confirm" })}
            >
              {suggestions}
            </OutsideHoursQuestion>
          ) : failure ? (
            <Alert title={t`Failed to update booking`}>
              <p>{reason ? i18n._(reason) : t`Please try again.`}</p>
              {before && now ? <p>{t`It now starts ${now} instead of ${before}.`}</p> : null}
              {suggestions}
            </Alert>
          ) : null}
          <div className={css({ display: "flex", flexWrap: "wrap", gap: "3", alignItems: "flex-end" })}>
            <DatePickerField
              label={t`New date`}
              value={date ?? ""}
              min={timeZone ? firstBookableDay(Date.now(), timeZone) : undefined}
              onChange={(next) => {
                if (next) dialog.send({ type: "date.pick", date: next });
              }}
              inputClassName={css({ w: "10rem" })}
            />
            <div className={fieldStyles.root}>
              <label htmlFor={`${id}-time`} className={fieldStyles.label}>
                <Trans>New time</Trans>
              </label>
              <input
                ref={timeRef}
                id={`${id}-time`}
                type="time"
                step={RESCHEDULE_STEP_MINUTES * 60}
                className={cx(input({ size: "sm" }), css({ w: "8rem" }))}
                value={time}
                onChange={(event) => dialog.send({ type: "time.change", time: event.target.value })}
              />
            </div>
            <Button
              variant="outline"
              size="sm"
              data-part="now"
              onClick={() => dialog.send({ type: "time.now", at: Date.now() })}
            >
              <Clock aria-hidden="true" />
              <Trans>Now</Trans>
            </Button>
          </div>
          {date && bookingId ? (
            <section
              aria-labelledby={`${id}-slots`}
              className={css({ display: "flex", flexDirection: "column", gap: "2" })}
            >
              <h3 id={`${id}-slots`} className={css({ fontSize: "sm", fontWeight: "medium" })}>
                <Trans>Free times on {chosenDay}</Trans>
              </h3>
              {slots.data ? (
                slots.data.length === 0 ? (
                  <p className={css({ fontSize: "sm", color: "fg.muted" })}>
                    <Trans>No free times that day.</Trans>
                  </p>
                ) : (
                  <div className={choices}>
                    {slots.data.map((slot) => {
                      const label = timeOf(slot.start);
                      // The instant, when one was picked: the hour the clocks go back lists 01:30 twice.
                      const chosen = exactStart ? slot.start === exactStart : label === time;
                      return (
                        <Button
                          key={slot.start}
                          variant={chosen ? "solid" : "outline"}
                          size="xs"
                          aria-pressed={chosen}
                          onClick={() => dialog.send({ type: "slot.pick", startTime: slot.start })}
                        >
                          {label}
                        </Button>
                      );
                    })}
                  </div>
                )
              ) : slots.isError ? (
                <p className={css({ fontSize: "sm", color: "fg.muted" })}>
                  <Trans>The free times could not be loaded. You can still choose a time.</Trans>
                </p>
              ) : (
                <p className={css({ fontSize: "sm", color: "fg.muted" })}>
                  <Trans>Loading free times...</Trans>
                </p>
              )}
            </section>
          ) : null}
          <Dialog.Footer>
            <Button variant="outline" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={!canSubmit && !saving} aria-disabled={saving || undefined}>
              {saving && !asking ? <Trans>Rescheduling...</Trans> : <Trans>Reschedule</Trans>}
            </Button>
          </Dialog.Footer>
        </DialogForm>
      )}
    </AppDialog>
  );
}
