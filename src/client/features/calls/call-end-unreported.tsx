import { Trans, useLingui } from "@lingui/react/macro";
import type { CallDetail } from "@shared/calls.schema";
import { Text } from "../../components/ui/text";
import { useShownTimeZone } from "../../lib/business-timezone";
import { longDateTimeFormat } from "../../lib/zoned-format";

/**
 * Why a call shows as failed when the server, not the assistant, ended it: it stayed in progress with no news
 * and the report of its end never came. Nothing for any other call.
 */
export function CallEndUnreported({ call }: { call: CallDetail }) {
  const { i18n } = useLingui();
  const timeZone = useShownTimeZone();
  // The business's clock, once its timezone is known.
  if (call.endUnreportedAt === null || timeZone === undefined) return null;
  const when = longDateTimeFormat(i18n.locale, timeZone)(call.endUnreportedAt);
  return (
    <Text muted size="sm" data-end-unreported="">
      <Trans>
        The voice assistant never reported how this call ended, so it was marked failed on {when}.
      </Trans>
    </Text>
  );
}
