import { useLingui } from "@lingui/react";
import { format, formatDistance } from "date-fns";
import { getDateLocale } from "../lib/i18n";
import { useNow } from "./use-now";

type RelativeTimeProps = { iso: string; className?: string };

/** "5 minutes ago" in the active language, with the full date and time on hover. */
export function RelativeTime({ iso, className }: RelativeTimeProps) {
  useLingui(); // re-render on a language change: getDateLocale() follows it
  const now = useNow();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // A clock slightly ahead of ours must not read "in 3 seconds".
  const shown = Math.min(date.getTime(), now);
  const locale = getDateLocale();
  return (
    <time dateTime={iso} title={format(date, "PPp", { locale })} className={className}>
      {formatDistance(shown, now, { addSuffix: true, locale })}
    </time>
  );
}
