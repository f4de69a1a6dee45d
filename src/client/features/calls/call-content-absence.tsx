import { Trans, useLingui } from "@lingui/react/macro";
import type { CallDetail } from "@shared/calls.schema";
import { Text } from "../../components/ui/text";
import { useShownTimeZone } from "../../lib/business-timezone";
import { dayFormat } from "../../lib/zoned-format";

type Absent = "recording" | "transcript" | "summary";

/**
 * Why a call holds no recording, transcript or summary when the business's data protection settings are the
 * reason: the retention purge removed its content, or recording was off when it was reported (which keeps the
 * summary). Nothing when neither explains it.
 */
export function CallContentAbsence({ call, absent }: { call: CallDetail; absent: Absent }) {
  const { i18n } = useLingui();
  const timeZone = useShownTimeZone();
  // Recording off is what kept the recording and transcript out, even once a purge has run since.
  if (call.recordingOff && absent !== "summary")
    return (
      <Text muted data-content-absence="recording-off">
        <Trans>Recording was off for this call, as your data protection settings asked.</Trans>
      </Text>
    );
  if (call.contentRemovedAt === null) return null;
  // The business's day, once its timezone is known.
  if (timeZone === undefined) return null;
  const date = dayFormat(i18n.locale, timeZone)(call.contentRemovedAt);
  return (
    <Text muted data-content-absence="removed">
      <Trans>Removed on {date}, as your data protection settings ask.</Trans>
    </Text>
  );
}

/** Whether CallContentAbsence has something to say about `absent` of this call. */
export const contentAbsent = (call: CallDetail, absent: Absent) =>
  call.contentRemovedAt !== null || (call.recordingOff && absent !== "summary");
