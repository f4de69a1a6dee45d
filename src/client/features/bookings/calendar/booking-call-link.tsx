import { Trans } from "@lingui/react/macro";
import type { BookingCall } from "@shared/booking.schema";
import { ExternalLink } from "lucide-react";
import { css } from "styled-system/css";
import { Link } from "wouter";
import { callerNumberOf } from "../../../components/customer-name";
import { RecordingPlayer } from "../../../components/recording-player";
import { recordingSourceOf } from "../../../components/recording-source";

/** The booking panel's call: a link to the call made during it, its summary and recording, or that there was none. */
export function BookingCallLink({ call }: { call: BookingCall | null }) {
  if (!call?.fromNumber)
    return (
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>
        <Trans>Not made during a call.</Trans>
      </p>
    );
  // A number never told (a web call, a withheld number) is not named.
  const callerNumber = callerNumberOf(call);
  return (
    <>
      <Link
        href={`/calls/${encodeURIComponent(call._id)}`}
        className={css({
          display: "inline-flex",
          gap: "1",
          alignItems: "center",
          textDecoration: "underline",
          fontSize: "sm",
          alignSelf: "flex-start",
        })}
      >
        {callerNumber ? <Trans>Open the call from {callerNumber}</Trans> : <Trans>Open the call</Trans>}
        <ExternalLink aria-hidden="true" className={css({ w: "4", h: "4" })} />
      </Link>
      {call.summary ? <p className={css({ fontSize: "sm" })}>{call.summary}</p> : null}
      <RecordingPlayer url={recordingSourceOf(call)} fallbackDuration={call.duration} />
    </>
  );
}
