import { useLingui } from "@lingui/react/macro";
import { RelativeTime } from "../../components/relative-time";
import { useCompanyTimeZone } from "../../lib/company-queries";
import { fullDateTimeFormat } from "../../lib/zoned-format";

/**
 * "5 minutes ago (Nov 27, 2026, 11:05)": how long ago at a glance, and the exact moment on the business's
 * clock in plain sight (a hover title alone is out of reach of the keyboard and of touch).
 */
export function ExactTime({ iso }: { iso: string }) {
  const { i18n } = useLingui();
  const timeZone = useCompanyTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const exact = fullDateTimeFormat(i18n.locale, timeZone)(iso);
  return (
    <>
      <RelativeTime iso={iso} timeZone={timeZone} /> <span>({exact})</span>
    </>
  );
}
