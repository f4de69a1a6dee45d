import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  BOOKING_SCOPES,
  BOOKING_STATUSES,
  type BookingScope,
  type BookingStatus,
} from "@shared/booking.constants";
import { useId } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";
import { type BookingsSearch, DEFAULT_BOOKING_SCOPE } from "./bookings-search";

const statusOptions: Record<BookingStatus, MessageDescriptor> = {
  pending: msg({ message: "Pending", context: "status filter" }),
  confirmed: msg({ message: "Confirmed", context: "status filter" }),
  completed: msg({ message: "Completed", context: "status filter" }),
  cancelled: msg({ message: "Cancelled", context: "status filter" }),
};

const scopeOptions: Record<BookingScope, MessageDescriptor> = {
  upcoming: msg({ message: "Upcoming", context: "booking scope" }),
  past: msg({ message: "Past", context: "booking scope" }),
  all: msg({ message: "All dates", context: "booking scope" }),
};

const fieldStyles = field();
// The input recipe hides the native arrow; the select draws its own.
const selectControl = cx(
  input({ size: "sm" }),
  css({
    minW: "10rem",
    appearance: "none",
    pe: "8",
    bgImage:
      "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' fill='none' stroke='%23888' stroke-width='2' viewBox='0 0 24 24'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
    bgRepeat: "no-repeat",
    bgPosition: "right 0.5rem center",
    cursor: "pointer",
  }),
);

const isStatus = (value: string): value is BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value);
const isScope = (value: string): value is BookingScope =>
  (BOOKING_SCOPES as readonly string[]).includes(value);

type BookingFiltersProps = {
  search: BookingsSearch;
  onChange: (next: BookingsSearch, options?: { replace?: boolean }) => void;
};

/** Spec 2's status filter (applied by the server across all pages) and which dates; a change goes to page 1. */
export function BookingFilters({ search, onChange }: BookingFiltersProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  return (
    <form
      aria-label={t`Filter bookings`}
      onSubmit={(event) => event.preventDefault()}
      className={css({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: "3" })}
    >
      <div className={fieldStyles.root}>
        <label htmlFor={`${id}-status`} className={fieldStyles.label}>
          <Trans>Status</Trans>
        </label>
        <select
          id={`${id}-status`}
          className={selectControl}
          value={search.status ?? ""}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ ...search, status: isStatus(value) ? value : undefined, page: 1 }, { replace: true });
          }}
        >
          <option value="">{t`All statuses`}</option>
          {BOOKING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._(statusOptions[status])}
            </option>
          ))}
        </select>
      </div>
      <div className={fieldStyles.root}>
        <label htmlFor={`${id}-scope`} className={fieldStyles.label}>
          <Trans>Dates</Trans>
        </label>
        <select
          id={`${id}-scope`}
          className={selectControl}
          value={search.scope ?? DEFAULT_BOOKING_SCOPE}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ ...search, scope: isScope(value) ? value : undefined, page: 1 }, { replace: true });
          }}
        >
          {BOOKING_SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {i18n._(scopeOptions[scope])}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
