import { useLingui } from "@lingui/react/macro";
import type { AuditEntry } from "@shared/audit.schema";
import { css } from "styled-system/css";
import { RelativeTime } from "../../components/relative-time";
import type { useAuditWords } from "./audit-words";

const row = css({
  display: "flex",
  flexDirection: "column",
  gap: "1",
  py: "3",
  px: "3",
  "&:not(:last-child)": { borderBottomWidth: "1px", borderColor: "border.subtle" },
});

// Who on one line and when on the next on a phone; one line on a wider screen.
const details = css({
  display: "flex",
  flexDirection: { base: "column", md: "row" },
  columnGap: "2",
  rowGap: "0.5",
  color: "fg.muted",
  fontSize: "sm",
  // Long e-mail addresses wrap rather than push the page sideways on a narrow screen.
  overflowWrap: "anywhere",
});

type AuditEntryRowProps = {
  entry: AuditEntry;
  words: ReturnType<typeof useAuditWords>;
  /** The entry's time as the business's clock showed it. */
  exactTime: (iso: string) => string;
  /** The business's timezone, that clock's. */
  timeZone: string;
};

/** One entry: what was done, who did it, and when (the business's clock, and how long ago). */
export function AuditEntryRow({ entry, words, exactTime, timeZone }: AuditEntryRowProps) {
  const { t } = useLingui();
  return (
    <li className={row} data-audit-entry={entry.action}>
      <p className={css({ fontWeight: "medium", overflowWrap: "anywhere" })}>{words.sentence(entry)}</p>
      <p className={details}>
        <span>
          <span className={css({ srOnly: true })}>{t`By`} </span>
          {words.actor(entry.actor)}
        </span>
        <span aria-hidden="true" className={css({ display: { base: "none", md: "inline" } })}>
          ·
        </span>
        <span>
          <time dateTime={entry.occurredAt}>{exactTime(entry.occurredAt)}</time>
          <span aria-hidden="true"> · </span>
          <RelativeTime iso={entry.occurredAt} timeZone={timeZone} />
        </span>
      </p>
    </li>
  );
}
