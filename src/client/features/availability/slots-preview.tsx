import { Trans, useLingui } from "@lingui/react/macro";
import type { Service } from "@shared/service.schema";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { css } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";
import { Link } from "wouter";
import { LoadFailureMessage } from "../../components/failure-text";
import { LoadErrorAlert } from "../../components/load-error-alert";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { IconButton } from "../../components/ui/icon-button";
import { Skeleton } from "../../components/ui/skeleton";
import { useApi } from "../../lib/api-context";
import { addDays, calendarDateFormat, mondayOf } from "../../lib/calendar-week";
import { serviceQueries } from "../../lib/service-queries";
import { WeekSlots } from "./week-slots";

type SlotsPreviewProps = {
  /** The chosen service's id (the first active one when unset or unknown). */
  serviceId: string | undefined;
  /** A day of the week to show (this week when unset); earlier weeks than this one are not offered. */
  week: string | undefined;
  today: string;
  /** The booking horizon's last day, as the saved rules set it (see lastBookableDayOf). */
  lastBookableDay: string;
  onChange: (next: { serviceId: string; week: string }) => void;
};

const fieldStyles = field();

/** The free times exactly as the assistant is offered them, for one service and one week. */
export function SlotsPreview({ serviceId, week, today, lastBookableDay, onChange }: SlotsPreviewProps) {
  const { i18n } = useLingui();
  const api = useApi();
  const titleId = useId();
  const lastDayText = calendarDateFormat(i18n.locale, { dateStyle: "full" })(lastBookableDay);
  const services = useQuery(serviceQueries.list(api));
  const active = (services.data ?? []).filter((service) => service.isActive);
  const selected = active.find((service) => service._id === serviceId) ?? active[0];
  const thisWeek = mondayOf(today);
  const monday = week && week > thisWeek ? mondayOf(week) : thisWeek;

  return (
    <Card aria-labelledby={titleId} className={css({ mt: "8" })}>
      <CardHeader>
        <CardTitle id={titleId}>
          <Trans>Preview</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            The free times the assistant offers callers, in your business's time zone. Saved changes show here
            at once.
          </Trans>{" "}
          <span data-last-bookable-day={lastBookableDay}>
            <Trans>Bookable through {lastDayText}.</Trans>
          </span>
        </CardDescription>
      </CardHeader>
      <CardBody className={css({ gap: "5" })}>
        {services.isError ? (
          <LoadErrorAlert
            title={<Trans>Services could not be loaded</Trans>}
            onRetry={() => void services.refetch()}
          >
            <LoadFailureMessage error={services.error} missing={<Trans>Failed to fetch services</Trans>} />
          </LoadErrorAlert>
        ) : !services.data ? (
          <div role="status" className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            <span className={css({ srOnly: true })}>
              <Trans>Loading services…</Trans>
            </span>
            <Skeleton className={css({ h: "10", w: "64", maxW: "full" })} />
            <Skeleton className={css({ h: "32" })} />
          </div>
        ) : !selected ? (
          <EmptyState icon={CalendarClock} title={<Trans>No active services</Trans>}>
            <Trans>
              Free times depend on a service's length.{" "}
              <Link href="/services" className={css({ textDecoration: "underline" })}>
                Add a service
              </Link>{" "}
              to preview them.
            </Trans>
          </EmptyState>
        ) : (
          <>
            <PreviewControls
              services={active}
              selected={selected}
              monday={monday}
              isThisWeek={monday === thisWeek}
              onService={(id) => onChange({ serviceId: id, week: monday })}
              onWeek={(next) => onChange({ serviceId: selected._id, week: next })}
            />
            <WeekSlots serviceId={selected._id} monday={monday} lastBookableDay={lastBookableDay} />
          </>
        )}
      </CardBody>
    </Card>
  );
}

function PreviewControls({
  services,
  selected,
  monday,
  isThisWeek,
  onService,
  onWeek,
}: {
  services: Service[];
  selected: Service;
  monday: string;
  isThisWeek: boolean;
  onService: (id: string) => void;
  onWeek: (monday: string) => void;
}) {
  const { t, i18n } = useLingui();
  const serviceId = useId();
  const dayText = calendarDateFormat(i18n.locale, { day: "numeric", month: "short", year: "numeric" });
  const first = dayText(monday);
  const last = dayText(addDays(monday, 6));
  return (
    <div className={css({ display: "flex", flexWrap: "wrap", gap: "4", alignItems: "flex-end" })}>
      <div className={fieldStyles.root}>
        <label htmlFor={serviceId} className={fieldStyles.label}>
          <Trans>Service</Trans>
        </label>
        <select
          id={serviceId}
          className={`${input({ size: "md" })} ${css({ minW: "0", maxW: "full", w: "18rem" })}`}
          value={selected._id}
          onChange={(event) => onService(event.target.value)}
        >
          {services.map((service) => {
            const { name, duration } = service;
            return (
              <option key={service._id} value={service._id}>
                {t`${name} (${duration} min)`}
              </option>
            );
          })}
        </select>
      </div>
      <div className={css({ display: "flex", alignItems: "center", gap: "2" })}>
        <IconButton
          variant="outline"
          aria-label={t`Previous week`}
          disabled={isThisWeek}
          onClick={() => onWeek(addDays(monday, -7))}
        >
          <ChevronLeft aria-hidden="true" />
        </IconButton>
        <p aria-live="polite" className={css({ fontWeight: "medium", minW: "0", textAlign: "center" })}>
          {t`${first} – ${last}`}
        </p>
        <IconButton variant="outline" aria-label={t`Next week`} onClick={() => onWeek(addDays(monday, 7))}>
          <ChevronRight aria-hidden="true" />
        </IconButton>
      </div>
    </div>
  );
}
