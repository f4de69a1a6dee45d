import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { css } from "styled-system/css";
import { Button } from "./ui/button";
import { IconButton } from "./ui/icon-button";
import { Tooltip } from "./ui/tooltip";

// Below 640 px Previous and Next show only their arrows (the words stay their names), so all four fit.
const wideOnly = css({ srOnly: { base: true, sm: false } });

type PaginationProps = { page: number; totalPages: number; onChange: (page: number) => void };

/** Spec 2: 'Page X of Y' with Previous and Next (plus First and Last); render it only with more than one page. */
export function Pagination({ page, totalPages, onChange }: PaginationProps) {
  const { t } = useLingui();
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const atStart = page <= 1;
  const atEnd = page >= totalPages;

  // A button that disables itself under the keyboard would drop focus to <body>: hand it across.
  useEffect(() => {
    if (!atStart && !atEnd) return;
    const focused = document.activeElement;
    if (!(focused instanceof HTMLButtonElement) || !focused.disabled) return;
    if (focused.dataset.pager === "back") nextRef.current?.focus();
    if (focused.dataset.pager === "forward") previousRef.current?.focus();
  }, [atStart, atEnd]);

  const firstLabel = t`First page`;
  const lastLabel = t`Last page`;
  return (
    <nav
      aria-label={t`Pagination`}
      className={css({
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        justifyContent: "space-between",
        gap: "3",
        pt: "4",
        borderTopWidth: "1px",
        borderColor: "border.subtle",
      })}
    >
      <p aria-live="polite" className={css({ fontSize: "sm", color: "fg.muted" })}>
        <Trans>
          Page {page} of {totalPages}
        </Trans>
      </p>
      <div className={css({ display: "flex", gap: "2" })}>
        <Tooltip content={firstLabel}>
          <IconButton
            variant="outline"
            size="sm"
            aria-label={firstLabel}
            data-pager="back"
            disabled={atStart}
            onClick={() => onChange(1)}
          >
            <ChevronsLeft aria-hidden="true" />
          </IconButton>
        </Tooltip>
        <Button
          ref={previousRef}
          variant="outline"
          size="sm"
          data-pager="back"
          disabled={atStart}
          onClick={() => onChange(page - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          <span className={wideOnly}>
            <Trans>Previous</Trans>
          </span>
        </Button>
        <Button
          ref={nextRef}
          variant="outline"
          size="sm"
          data-pager="forward"
          disabled={atEnd}
          onClick={() => onChange(page + 1)}
        >
          <span className={wideOnly}>
            <Trans>Next</Trans>
          </span>
          <ChevronRight aria-hidden="true" />
        </Button>
        <Tooltip content={lastLabel}>
          <IconButton
            variant="outline"
            size="sm"
            aria-label={lastLabel}
            data-pager="forward"
            disabled={atEnd}
            onClick={() => onChange(totalPages)}
          >
            <ChevronsRight aria-hidden="true" />
          </IconButton>
        </Tooltip>
      </div>
    </nav>
  );
}
