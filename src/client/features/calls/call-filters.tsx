import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CallStatus } from "@shared/calls.schema";
import { X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";
import { Button } from "../../components/ui/button";
import { isIsoDate } from "../../lib/url-search";
import { CALL_STATUS_FILTERS, type CallsSearch, callsSearch, isCallStatus } from "./calls-search";

const statusOptions: Record<CallStatus, MessageDescriptor> = {
  completed: msg({ message: "Completed", context: "status filter" }),
  missed: msg({ message: "Missed", context: "status filter" }),
  failed: msg({ message: "Failed", context: "status filter" }),
  "in-progress": msg({ message: "In progress", context: "status filter" }),
};

const fieldStyles = field();
const control = cx(input({ size: "sm" }), css({ minW: "10rem" }));
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

type Range = { from: string; to: string };

/** Status and date range; any change goes back to page 1. */
export function CallFilters({ search, onChange }: CallFiltersProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  // The date inputs keep what is typed until it forms a usable range; the URL holds only that.
  const [range, setRange] = useState<Range>({ from: search.from ?? "", to: search.to ?? "" });
  useEffect(() => setRange({ from: search.from ?? "", to: search.to ?? "" }), [search.from, search.to]);
  const inverted = range.from !== "" && range.to !== "" && range.to < range.from;

  const changeRange = (next: Range) => {
    setRange(next);
    const usable = (value: string) => value === "" || isIsoDate(value);
    if (!usable(next.from) || !usable(next.to) || (next.from && next.to && next.to < next.from)) return;
    onChange(
      { ...search, from: next.from || undefined, to: next.to || undefined, page: 1 },
      { replace: true },
    );
  };

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
      <div className={fieldStyles.root}>
        <label htmlFor={`${id}-from`} className={fieldStyles.label}>
          <Trans>From</Trans>
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={control}
          value={range.from}
          max={range.to || undefined}
          onChange={(event) => changeRange({ ...range, from: event.target.value })}
        />
      </div>
      <div className={fieldStyles.root} data-invalid={inverted ? "" : undefined}>
        <label htmlFor={`${id}-to`} className={fieldStyles.label}>
          <Trans>To</Trans>
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={control}
          value={range.to}
          min={range.from || undefined}
          aria-invalid={inverted || undefined}
          aria-describedby={inverted ? `${id}-range-error` : undefined}
          onChange={(event) => changeRange({ ...range, to: event.target.value })}
        />
      </div>
      {callsSearch.hasFilters(search) || range.from || range.to ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setRange({ from: "", to: "" });
            onChange({ page: 1 }, { replace: true });
          }}
        >
          <X aria-hidden="true" />
          <Trans>Clear filters</Trans>
        </Button>
      ) : null}
      {inverted ? (
        <p id={`${id}-range-error`} role="alert" className={cx(fieldStyles.errorText, css({ w: "full" }))}>
          <Trans>The end date is before the start date.</Trans>
        </p>
      ) : null}
    </form>
  );
}
