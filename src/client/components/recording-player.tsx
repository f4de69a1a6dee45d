import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { Pause, Play, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { css } from "styled-system/css";
import { formatDuration } from "./format-duration";
import { provideRecordingPlayer } from "./recording-player.actors";
import { Button } from "./ui/button";
import { IconButton } from "./ui/icon-button";
import { Text } from "./ui/text";

type RecordingPlayerProps = {
  url: string | null;
  /** The call's own length, shown until the media reports its duration. */
  fallbackDuration: number;
};

const slider = css({
  flex: "1",
  minW: "8rem",
  accentColor: "var(--colors-indigo-9)",
  cursor: "pointer",
  _disabled: { cursor: "not-allowed", opacity: 0.5 },
});

/** Native <audio controls> plus play/pause, a seek slider and the time, all driven by one chart. */
export function RecordingPlayer({ url, fallbackDuration }: RecordingPlayerProps) {
  const { t } = useLingui();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [machine] = useState(() => provideRecordingPlayer(() => audioRef.current));
  const player = useActorRef(machine, { input: { url } });

  useEffect(() => {
    if (player.getSnapshot().context.url !== url) player.send({ type: "recording.sourceChanged", url });
  }, [player, url]);

  const source = useSelector(player, (s) => s.context.url);
  const missing = useSelector(player, (s) => s.matches({ unavailable: "missing" }));
  const failed = useSelector(player, (s) => s.matches({ unavailable: "failed" }));
  const loading = useSelector(player, (s) => s.matches("loading"));
  const ready = useSelector(player, (s) => s.matches("ready"));
  const playing = useSelector(player, (s) => s.matches({ ready: "playing" }));
  const currentTime = useSelector(player, (s) => s.context.currentTime);
  const duration = useSelector(player, (s) => s.context.duration) ?? fallbackDuration;

  if (missing) {
    return (
      <Text muted>
        <Trans>No recording for this call</Trans>
      </Text>
    );
  }

  const playLabel = playing ? t`Pause recording` : t`Play recording`;
  const position = Math.min(currentTime, duration || currentTime);
  const elapsed = formatDuration(position);
  const total = formatDuration(duration);
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      {failed ? (
        <div
          role="alert"
          className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "3" })}
        >
          <div>
            <Text className={css({ fontWeight: "semibold", color: "fg.error" })}>
              <Trans>Recording unavailable</Trans>
            </Text>
            <Text muted size="sm">
              <Trans>The recording could not be loaded. It may have been moved or deleted.</Trans>
            </Text>
          </div>
          <Button variant="outline" size="sm" onClick={() => player.send({ type: "player.retry" })}>
            <RotateCcw aria-hidden="true" />
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <fieldset
          className={css({
            display: "flex",
            flexWrap: "wrap",
            alignItems: "center",
            gap: "3",
            border: "none",
            p: "0",
            m: "0",
            minW: "0",
          })}
        >
          <legend className={css({ srOnly: true })}>
            <Trans>Call recording</Trans>
          </legend>
          <IconButton
            variant="solid"
            size="sm"
            aria-label={playLabel}
            disabled={!ready}
            onClick={() => player.send({ type: "player.toggle" })}
          >
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </IconButton>
          <input
            type="range"
            className={slider}
            aria-label={t`Seek`}
            aria-valuetext={t`${elapsed} of ${total}`}
            min={0}
            max={Math.max(duration, 0)}
            step={1}
            value={position}
            disabled={!ready}
            onChange={(event) => player.send({ type: "player.seek", time: Number(event.target.value) })}
          />
          <span
            aria-hidden="true"
            className={css({
              fontSize: "sm",
              color: "fg.muted",
              fontVariantNumeric: "tabular-nums",
              whiteSpace: "nowrap",
            })}
          >
            {elapsed} / {total}
          </span>
          {loading ? (
            <span role="status" className={css({ fontSize: "sm", color: "fg.muted", w: "full" })}>
              <Trans>Loading recording…</Trans>
            </span>
          ) : null}
        </fieldset>
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: a phone call recording; its transcript is shown beside it. */}
      <audio
        ref={audioRef}
        src={source ?? undefined}
        controls
        preload="metadata"
        aria-label={t`Call recording`}
        hidden={failed}
        className={css({ w: "full" })}
        onLoadedMetadata={(event) =>
          player.send({ type: "media.loaded", duration: event.currentTarget.duration })
        }
        onDurationChange={(event) =>
          player.send({ type: "media.durationChanged", duration: event.currentTarget.duration })
        }
        onTimeUpdate={(event) =>
          player.send({ type: "media.timeUpdated", time: event.currentTarget.currentTime })
        }
        onPlay={() => player.send({ type: "media.played" })}
        onPause={() => player.send({ type: "media.paused" })}
        onEnded={() => player.send({ type: "media.ended" })}
        onError={() => player.send({ type: "media.failed" })}
      />
    </div>
  );
}
