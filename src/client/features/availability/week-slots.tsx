import { Trans, useLingui } from "@lingui/react/macro";
import type { Slot } from "@shared/availability.schema";
import { useQuery } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { css } from "styled-system/css";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Skeleton } from "../../components/ui/skeleton";
import { Text } from "../../components/ui/text";
import { useApi } from "../../lib/api-context";
import { availabilityQueries } from "../../lib/availability-queries";
import { addDays, calendarDateFormat, daysOfWeek } from "../../lib/calendar-week";

const grid = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(7, minmax(0, 1fr))" },
  gap: "4",
});
const note = css({
  display: "flex",
  gap: "3",
  p: "4",
  mb: "4",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "l2",
  bg: "bg.subtle",
});
const chip = css({
  display: "inline-block",
  px: "2",
  py: "0.5",
  borderRadius: "l1",
  borderWidth: "1px",
  fontSize: "sm",
  fontVariantNumeric: "tabular-nums",
});

/**
 * A slot's day and time as the business's clock reads them: the server writes each start with the
 * business's UTC offset, so its own date and HH:MM are local already (no conversion to this device's zone).
 */
const localDay = (slot: Slot) => slot.start.slice(0, 10);
const localTime = (slot: Slot) => slot.start.slice(11, 16);

/** One week of free slots, day by day, exactly as GET /api/availability/slots returns them. */
export function WeekSlots({
  serviceId,
  monday,
  lastBookableDay,
}: {
  serviceId: string;
  monday: string;
  lastBookableDay: string;
}) {
  const { i18n } = useLingui();
  const api = useApi();
  const slots = useQuery(availabilityQueries.slots(api, { serviceId, from: monday, to: addDays(monday, 6) }));
  const dayText = calendarDateFormat(i18n.locale, { weekday: "long", day: "numeric", month: "short" });

  if (slots.isError)
    return (
      <LoadErrorAlert
        title={<Trans>Free times could not be loaded</Trans>}
        error={slots.error}
        onRetry={() => void slots.refetch()}
      />
    );
  if (!slots.data)
    return (
      <div role="status" className={grid}>
        <span className={css({ srOnly: true })}>
          <Trans>Loading free times…</Trans>
        </span>
        {daysOfWeek(monday).map((day) => (
          <Skeleton key={day} className={css({ h: "24" })} />
        ))}
      </div>
    );

  const { slots: shown, truncated } = slots.data;
  const byDay = new Map<string, Slot[]>();
  for (const slot of shown) byDay.set(localDay(slot), [...(byDay.get(localDay(slot)) ?? []), slot]);
  // A cut answer holds the first slots in time order: after its last one, nothing is known (not "none").
  const last = truncated ? shown.at(-1) : undefined;
  const lastTime = last ? localTime(last) : "";
  const lastDay = last ? dayText(localDay(last)) : "";
  return (
    <div data-preview-week={monday} aria-busy={slots.isFetching || undefined}>
      {last ? (
        <div role="note" data-preview-truncated="" className={note}>
          <Info aria-hidden="true" className={css({ flexShrink: "0", color: "fg.muted" })} />
          <div>
            <Text className={css({ fontWeight: "medium" })}>
              <Trans>Not every free time is shown</Trans>
            </Text>
            <Text muted size="sm">
              <Trans>
                This week has more free times than one answer holds: the preview stops at {lastTime} on{" "}
                {lastDay}.
              </Trans>
            </Text>
          </div>
        </div>
      ) : null}
      {shown.length === 0 ? (
        <Text muted className={css({ mb: "4" })}>
          <Trans>
            No free times this week. The weekly schedule, blackouts, minimum notice and booking horizon decide
            what is offered.
          </Trans>
        </Text>
      ) : null}
      <div className={grid}>
        {daysOfWeek(monday).map((day) => {
          const daySlots = byDay.get(day) ?? [];
          return (
            <section key={day} data-day={day} aria-labelledby={`day-${day}`}>
              <h3 id={`day-${day}`} className={css({ fontSize: "sm", fontWeight: "semibold", mb: "2" })}>
                {dayText(day)}
              </h3>
              {daySlots.length ? (
                <ul className={css({ display: "flex", flexWrap: "wrap", gap: "1.5" })}>
                  {daySlots.map((slot) => (
                    <li key={slot.start} className={chip}>
                      {localTime(slot)}
                    </li>
                  ))}
                </ul>
              ) : last && day > localDay(last) ? (
                <Text muted size="sm" data-not-shown="">
                  <Trans>Not shown</Trans>
                </Text>
              ) : day > lastBookableDay ? (
                <Text muted size="sm" data-beyond-horizon="">
                  <Trans>Beyond the booking horizon</Trans>
                </Text>
              ) : (
                <Text muted size="sm">
                  <Trans>No free times</Trans>
                </Text>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
