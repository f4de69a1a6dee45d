import { Trans, useLingui } from "@lingui/react/macro";
import type { TranscriptTurn } from "@shared/calls.schema";
import { css, cx } from "styled-system/css";
import { formatDuration } from "../../components/format-duration";
import { Text } from "../../components/ui/text";

const bubble = css({
  maxW: "85%",
  px: "3",
  py: "2",
  borderRadius: "l3",
  display: "flex",
  flexDirection: "column",
  gap: "1",
  fontSize: "sm",
});

const assistantBubble = css({
  alignSelf: "flex-start",
  bg: "bg.subtle",
  borderWidth: "1px",
  borderColor: "border.subtle",
  borderStartStartRadius: "l1",
});
const callerBubble = css({
  alignSelf: "flex-end",
  bg: "indigo.a3",
  color: "fg.default",
  borderStartEndRadius: "l1",
});

type CallTranscriptProps = { turns: readonly TranscriptTurn[]; live: boolean };

/** The conversation as bubbles: the assistant on one side, the caller on the other, each with its offset. */
export function CallTranscript({ turns, live }: CallTranscriptProps) {
  const { t } = useLingui();
  if (turns.length === 0) {
    return (
      <Text muted>
        {live ? (
          <Trans>The transcript will appear here as the call goes on.</Trans>
        ) : (
          <Trans>No transcript for this call</Trans>
        )}
      </Text>
    );
  }
  return (
    <ol
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "3",
        listStyle: "none",
        p: "0",
        m: "0",
      })}
    >
      {turns.map((turn, index) => {
        const speaker = turn.speaker === "assistant" ? t`Assistant` : t`Caller`;
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: turns are only ever appended; the index is their identity
            key={index}
            className={cx(bubble, turn.speaker === "assistant" ? assistantBubble : callerBubble)}
          >
            <span
              className={css({
                display: "flex",
                gap: "2",
                fontSize: "xs",
                color: "fg.muted",
                fontWeight: "medium",
              })}
            >
              <span>{speaker}</span>
              <time
                dateTime={`PT${Math.floor(turn.offsetSeconds)}S`}
                className={css({ fontVariantNumeric: "tabular-nums" })}
              >
                {formatDuration(turn.offsetSeconds)}
              </time>
            </span>
            <span className={css({ whiteSpace: "pre-wrap", overflowWrap: "anywhere" })}>{turn.text}</span>
          </li>
        );
      })}
    </ol>
  );
}
