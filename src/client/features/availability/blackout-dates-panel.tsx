import { Trans, useLingui } from "@lingui/react/macro";
import type { BlackoutDate, BlackoutDateInput } from "@shared/availability.schema";
import { clockTimeOfMinutes } from "@shared/clock-time";
import { wallTimeAt } from "@shared/zoned-time";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CalendarOff, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { css } from "styled-system/css";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { IconButton } from "../../components/ui/icon-button";
import { Text } from "../../components/ui/text";
import { toaster } from "../../components/ui/toaster";
import { useFocusAfterRemoval } from "../../components/use-focus-after-removal";
import { useApi } from "../../lib/api-context";
import { availabilityQueries } from "../../lib/availability-queries";
import { failureMessage, failureOf, isAlreadyGone } from "../../lib/error-wording";
import { addBlackoutDate, removeBlackoutDate } from "./availability.queries";
import { BlackoutForm } from "./blackout-form";
import { blackoutSpanFormat, endOfSpan, startOfSpan } from "./blackout-span";

type BlackoutDatesPanelProps = {
  blackouts: BlackoutDate[];
  /** The business's today and timezone: its clock says which blackouts have passed. */
  today: string;
  timeZone: string;
};

const list = css({ display: "flex", flexDirection: "column" });
const item = css({
  display: "flex",
  alignItems: "center",
  gap: "3",
  py: "3",
  borderBottomWidth: "1px",
  _last: { borderBottomWidth: "0" },
});

/** The blackout dates tab: add one, see what is coming and what has passed, remove either after confirming. */
export function BlackoutDatesPanel({ blackouts, today, timeZone }: BlackoutDatesPanelProps) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<BlackoutDate | null>(null);
  // "Upcoming" stays when the last blackout of either list goes (an emptied "Past" goes with it).
  const upcomingRef = useRef<HTMLHeadingElement>(null);
  const removedFocus = useFocusAfterRemoval(() => upcomingRef.current);
  const upcomingId = useId();
  const pastId = useId();
  const failureText = (error: unknown) => {
    const message = failureMessage(failureOf(error) ?? {});
    return message ? t(message) : undefined;
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: availabilityQueries.all() });

  const add = useMutation({
    mutationFn: (blackout: BlackoutDateInput) => addBlackoutDate(api, blackout),
    onSuccess: () => toaster.success({ title: t`Blackout added` }),
    onError: (error) =>
      toaster.error({ title: t`Could not add the blackout`, description: failureText(error) }),
    onSettled: refresh,
  });
  const removed = () => {
    removedFocus.removed();
    setRemoving(null);
  };
  const remove = useMutation({
    mutationFn: (blackout: BlackoutDate) => removeBlackoutDate(api, blackout.id),
    onSuccess: () => {
      removed();
      toaster.success({ title: t`Blackout removed` });
    },
    // Removed meanwhile (another tab): gone, as asked. Saying it failed would leave a question that can only fail.
    onError: (error) => {
      if (!isAlreadyGone(error))
        return toaster.error({ title: t`Could not remove the blackout`, description: failureText(error) });
      removed();
      toaster.info({ title: t`This blackout had already been removed` });
    },
    onSettled: refresh,
  });

  const spanOf = blackoutSpanFormat(i18n.locale, today.slice(0, 4));
  // Past once its end has passed on the business's clock.
  const { hour, minute } = wallTimeAt(new Date(), timeZone);
  const now = `${today}T${clockTimeOfMinutes(hour * 60 + minute)}`;

  const byStart = [...blackouts].sort((a, b) => startOfSpan(a).localeCompare(startOfSpan(b)));
  const upcoming = byStart.filter((blackout) => endOfSpan(blackout) > now);
  const past = byStart.filter((blackout) => endOfSpan(blackout) <= now).reverse();

  const renderList = (items: BlackoutDate[]) => (
    <ul className={list}>
      {items.map((blackout) => {
        const when = spanOf(blackout);
        return (
          <li key={blackout.id} className={item} data-blackout={blackout.startDate}>
            <div className={css({ flex: "1", minW: "0" })}>
              <Text className={css({ fontWeight: "medium" })}>{when}</Text>
              {blackout.reason ? (
                <Text muted size="sm">
                  {blackout.reason}
                </Text>
              ) : null}
            </div>
            <IconButton
              variant="ghost"
              size="sm"
              aria-label={t`Remove the blackout on ${when}`}
              onClick={() => {
                removedFocus.opened();
                setRemoving(blackout);
              }}
            >
              <Trash2 aria-hidden="true" />
            </IconButton>
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "8" })}>
      <BlackoutForm today={today} pending={add.isPending} onAdd={(blackout) => add.mutateAsync(blackout)} />
      <section aria-labelledby={upcomingId}>
        <h2
          id={upcomingId}
          ref={upcomingRef}
          tabIndex={-1}
          className={css({ fontSize: "md", fontWeight: "semibold", mb: "2" })}
        >
          <Trans>Upcoming</Trans>
        </h2>
        {upcoming.length ? (
          renderList(upcoming)
        ) : (
          <EmptyState icon={CalendarOff} title={<Trans>No upcoming blackouts</Trans>}>
            <Trans>Add days off, holidays or closures above; no time is offered on them.</Trans>
          </EmptyState>
        )}
      </section>
      {past.length ? (
        <section aria-labelledby={pastId}>
          <h2 id={pastId} className={css({ fontSize: "md", fontWeight: "semibold", mb: "2" })}>
            <Trans>Past</Trans>
          </h2>
          {renderList(past)}
        </section>
      ) : null}
      <ConfirmDialog
        target={removing}
        // Names the span as the list does.
        title={(blackout) => {
          const days = spanOf(blackout);
          return t`Remove the blackout on ${days}?`;
        }}
        description={t`Callers can be offered these times again, within your weekly schedule.`}
        confirmLabel={<Trans>Remove blackout</Trans>}
        pendingLabel={<Trans>Removing…</Trans>}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={(blackout) => remove.mutateAsync(blackout)}
        finalFocus={removedFocus.finalFocus}
      />
    </div>
  );
}
