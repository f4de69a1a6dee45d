import { useLingui } from "@lingui/react/macro";
import { formatDistance } from "date-fns";
import { getDateLocale } from "../lib/i18n";
import { useNow } from "./use-now";

type RelativeTimeProps = { iso: string; className?: string };

/** "5 minutes ago" in the active language, with the full date and time on hover. */
export function RelativeTime({ iso, className }: RelativeTimeProps) {
  const { i18n } = useLingui();
  const now = useNow();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // A clock slightly ahead of ours must not read "in 3 seconds".
  const shown = Math.min(date.getTime(), now);
  return (
    <time
      dateTime={iso}
      title={new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" }).format(date)}
      className={className}
    >
      {formatDistance(shown, now, { addSuffix: true, locale: getDateLocale() })}
    </time>
  );
}
