import { recordingPlayerMachine } from "@machines/recording-player.machine";

/** The recording chart with its DOM side effects on one <audio> element. */
export function provideRecordingPlayer(getAudio: () => HTMLAudioElement | null) {
  return recordingPlayerMachine.provide({
    actions: {
      playMedia: ({ self }) => {
        // A refused play() (autoplay policy, source gone) leaves the element paused: say so.
        getAudio()
          ?.play()
          .catch(() => self.send({ type: "media.paused" }));
      },
      pauseMedia: () => getAudio()?.pause(),
      seekMedia: (_, { time }) => {
        const audio = getAudio();
        if (audio) audio.currentTime = time;
      },
      reloadMedia: () => getAudio()?.load(),
    },
  });
}
