import { useLingui } from "@lingui/react";
import { formatDistance } from "date-fns";
import { getDateLocale } from "../lib/i18n";
import { fullDateTimeFormat } from "../lib/zoned-format";
import { useNow } from "./use-now";

type RelativeTimeProps = {
  iso: string;
  /** The business's timezone, whose clock the hover title shows the moment on; no title while it is unknown. */
  timeZone: string | undefined;
  className?: string;
};

/** "5 minutes ago" in the active language, with the full date and time on hover. */
export function RelativeTime({ iso, timeZone, className }: RelativeTimeProps) {
  const { i18n } = useLingui(); // re-render on a language change: getDateLocale() follows it
  const now = useNow();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // A clock slightly ahead of ours must not read "in 3 seconds".
  const shown = Math.min(date.getTime(), now);
  const title = timeZone ? fullDateTimeFormat(i18n.locale, timeZone)(iso) : undefined;
  return (
    <time dateTime={iso} title={title} className={className}>
      {formatDistance(shown, now, { addSuffix: true, locale: getDateLocale() })}
    </time>
  );
}
