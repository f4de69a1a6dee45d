import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CallStatus } from "@shared/calls.schema";
import { X } from "lucide-react";
import { useId } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";
import { DateField } from "../../components/date-field";
import { Button } from "../../components/ui/button";
import { CALL_STATUS_FILTERS, type CallsSearch, callsSearch, isCallStatus } from "./calls-search";

const statusOptions: Record<CallStatus, MessageDescriptor> = {
  completed: msg({ message: "Completed", context: "status filter" }),
  missed: msg({ message: "Missed", context: "status filter" }),
  failed: msg({ message: "Failed", context: "status filter" }),
  "in-progress": msg({ message: "In progress", context: "status filter" }),
};

const fieldStyles = field();
const control = cx(input({ size: "sm" }), css({ minW: "10rem" }));
const dateInput = css({ w: "9rem" });
// The input recipe hides the native arrow; the select draws its own.
const selectControl = cx(
  control,
  css({
    appearance: "none",
    pe: "8",
    bgImage:
      "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' fill='none' stroke='%23888' stroke-width='2' viewBox='0 0 24 24'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
    bgRepeat: "no-repeat",
    bgPosition: "right 0.5rem center",
    cursor: "pointer",
  }),
);

type CallFiltersProps = {
  search: CallsSearch;
  onChange: (next: CallsSearch, options?: { replace?: boolean }) => void;
};

/** Status and date range; any change goes back to page 1. */
export function CallFilters({ search, onChange }: CallFiltersProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  // Each picker keeps its day on its side of the other's, so the range cannot be inverted.
  const changeRange = (next: { from?: string | undefined; to?: string | undefined }) =>
    onChange({ ...search, ...next, page: 1 }, { replace: true });

  return (
    <form
      aria-label={t`Filter calls`}
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
            onChange(
              { ...search, status: isCallStatus(value) ? value : undefined, page: 1 },
              { replace: true },
            );
          }}
        >
          <option value="">{t`All statuses`}</option>
          {CALL_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {i18n._(statusOptions[status])}
            </option>
          ))}
        </select>
      </div>
      <DateField
        label={t`From`}
        value={search.from ?? ""}
        max={search.to}
        onChange={(from) => changeRange({ from: from || undefined })}
        inputClassName={dateInput}
      />
      <DateField
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
    </form>
  );
}
