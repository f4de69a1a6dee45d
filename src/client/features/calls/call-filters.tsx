import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CallStatus } from "@shared/calls.schema";
import { X } from "lucide-react";
import { css } from "styled-system/css";
import { DatePickerField } from "../../components/date-picker-field";
import { FilterBar } from "../../components/filter-bar";
import { SelectField } from "../../components/select-field";
import { Button } from "../../components/ui/button";
import { CALL_STATUS_FILTERS, type CallsSearch, callsSearch } from "./calls-search";

const statusOptions: Record<CallStatus, MessageDescriptor> = {
  completed: msg({ message: "Completed", context: "status filter" }),
  missed: msg({ message: "Missed", context: "status filter" }),
  failed: msg({ message: "Failed", context: "status filter" }),
  "in-progress": msg({ message: "In progress", context: "status filter" }),
};

const dateInput = css({ w: "9rem" });

type CallFiltersProps = {
  search: CallsSearch;
  onChange: (next: CallsSearch, options?: { replace?: boolean }) => void;
};

/** Status and date range; any change goes back to page 1. */
export function CallFilters({ search, onChange }: CallFiltersProps) {
  const { t, i18n } = useLingui();
  // Each picker keeps its day on its side of the other's, so the range cannot be inverted.
  const changeRange = (next: { from?: string | undefined; to?: string | undefined }) =>
    onChange({ ...search, ...next, page: 1 }, { replace: true });

  return (
    <FilterBar label={t`Filter calls`}>
      <SelectField
        label={<Trans>Status</Trans>}
        value={search.status}
        emptyLabel={t`All statuses`}
        options={CALL_STATUS_FILTERS.map((status) => ({
          value: status,
          label: i18n._(statusOptions[status]),
        }))}
        onChange={(status) => onChange({ ...search, status, page: 1 }, { replace: true })}
      />
      <DatePickerField
        label={t`From`}
        value={search.from ?? ""}
        max={search.to}
        onChange={(from) => changeRange({ from: from || undefined })}
        inputClassName={dateInput}
      />
      <DatePickerField
        label={t`To`}
        value={search.to ?? ""}
        min={search.from}
        onChange={(to) => changeRange({ to: to || undefined })}
        inputClassName={dateInput}
      />
      {callsSearch.hasFilters(search) ? (
        <Button variant="ghost" size="sm" onClick={() => onChange({ page: 1 }, { replace: true })}>
          <X aria-hidden="true" />
          <Trans>Clear filters</Trans>
        </Button>
      ) : null}
    </FilterBar>
  );
}
