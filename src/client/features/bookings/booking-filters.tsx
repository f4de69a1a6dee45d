import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  BOOKING_SCOPES,
  BOOKING_STATUSES,
  type BookingScope,
  type BookingStatus,
} from "@shared/booking.constants";
import { FilterBar } from "../../components/filter-bar";
import { SelectField } from "../../components/select-field";
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

type BookingFiltersProps = {
  search: BookingsSearch;
  onChange: (next: BookingsSearch, options?: { replace?: boolean }) => void;
};

/** Spec 2's status filter (applied by the server across all pages) and which dates; a change goes to page 1. */
export function BookingFilters({ search, onChange }: BookingFiltersProps) {
  const { t, i18n } = useLingui();
  const change = (next: Partial<BookingsSearch>) =>
    onChange({ ...search, ...next, page: 1 }, { replace: true });
  return (
    <FilterBar label={t`Filter bookings`}>
      <SelectField
        label={<Trans>Status</Trans>}
        value={search.status}
        emptyLabel={t`All statuses`}
        options={BOOKING_STATUSES.map((status) => ({ value: status, label: i18n._(statusOptions[status]) }))}
        onChange={(status) => change({ status })}
      />
      <SelectField
        label={<Trans>Dates</Trans>}
        value={search.scope ?? DEFAULT_BOOKING_SCOPE}
        options={BOOKING_SCOPES.map((scope) => ({ value: scope, label: i18n._(scopeOptions[scope]) }))}
        onChange={(scope) => change({ scope })}
      />
    </FilterBar>
  );
}
