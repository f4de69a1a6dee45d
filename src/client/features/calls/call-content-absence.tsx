import { Trans, useLingui } from "@lingui/react/macro";
import type { CallDetail } from "@shared/calls.schema";
import { Text } from "../../components/ui/text";

type Absent = "recording" | "transcript" | "summary";

/**
 * Why a call holds no recording, transcript or summary when the business's data protection settings are the
 * reason: the retention purge removed its content, or recording was off when it was reported (which keeps the
 * summary). Nothing when neither explains it.
 */
export function CallContentAbsence({ call, absent }: { call: CallDetail; absent: Absent }) {
  const { i18n } = useLingui();
  // Recording off is what kept the recording and transcript out, even once a purge has run since.
  if (call.recordingOff && absent !== "summary")
    return (
      <Text muted data-content-absence="recording-off">
        <Trans>Recording was off for this call, as your data protection settings asked.</Trans>
      </Text>
    );
  if (call.contentRemovedAt === null) return null;
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium" }).format(
    new Date(call.contentRemovedAt),
  );
  return (
    <Text muted data-content-absence="removed">
      <Trans>Removed on {date}, as your data protection settings ask.</Trans>
    </Text>
  );
}

/** Whether CallContentAbsence has something to say about `absent` of this call. */
export const contentAbsent = (call: CallDetail, absent: Absent) =>
  call.contentRemovedAt !== null || (call.recordingOff && absent !== "summary");
