import { assign, setup } from "xstate";

/**
 * A call recording: loading (straight to unavailable.missing without a URL) → ready (paused ⇄ playing → ended) | unavailable (missing: no URL;
 * failed: the media errored, with a retry). The <audio> element's events drive it; play, pause and
 * seek on the element are actions provided by the view, so native controls and custom ones agree.
 *
 * Our copy's link is signed and renewed every hour (each renewal stays good until the end of the next hour):
 * a renewed link to the same recording is kept for the next load instead of starting over mid-playback.
 */

export type RecordingPlayerInput = { url: string | null };

export type RecordingPlayerContext = {
  /** The link the media element plays. */
  url: string | null;
  /** A newer link to the same recording (only its query, the signature, differs), for the next load. */
  renewedUrl: string | null;
  /** Seconds; null until the media knows it (or when it is not finite, e.g. a live stream). */
  duration: number | null;
  currentTime: number;
};

export type RecordingPlayerEvent =
  | { type: "player.play" }
  | { type: "player.pause" }
  | { type: "player.toggle" }
  | { type: "player.seek"; time: number }
  | { type: "player.retry" }
  | { type: "recording.sourceChanged"; url: string | null }
  | { type: "media.loaded"; duration: number }
  | { type: "media.durationChanged"; duration: number }
  | { type: "media.timeUpdated"; time: number }
  | { type: "media.played" }
  | { type: "media.paused" }
  | { type: "media.ended" }
  | { type: "media.failed" };

const finite = (value: number) => (Number.isFinite(value) && value >= 0 ? value : null);

const withoutQuery = (url: string) => url.split("?")[0];

export const recordingPlayerMachine = setup({
  types: {
    context: {} as RecordingPlayerContext,
    events: {} as RecordingPlayerEvent,
    input: {} as RecordingPlayerInput,
  },
  actions: {
    /** Start playback on the media element. */
    playMedia: () => {},
    /** Pause the media element. */
    pauseMedia: () => {},
    /** Move the media element's playhead. */
    seekMedia: (_, _params: { time: number }) => {},
    /** Ask the media element to fetch its source again. */
    reloadMedia: () => {},
    resetPosition: assign({ duration: null, currentTime: 0 }),
  },
  guards: {
    hasNoUrl: ({ context }) => context.url === null,
    sameRecording: ({ context, event }) =>
      event.type === "recording.sourceChanged" &&
      context.url !== null &&
      event.url !== null &&
      withoutQuery(event.url) === withoutQuery(context.url),
    eventHasUrl: ({ event }) => event.type === "recording.sourceChanged" && event.url !== null,
  },
}).createMachine({
  id: "recordingPlayer",
  context: ({ input }) => ({ url: input.url, renewedUrl: null, duration: null, currentTime: 0 }),
  initial: "loading",
  on: {
    "recording.sourceChanged": [
      { guard: "sameRecording", actions: assign({ renewedUrl: ({ event }) => event.url }) },
      {
        guard: "eventHasUrl",
        target: ".loading",
        actions: [assign({ url: ({ event }) => event.url, renewedUrl: null }), "resetPosition"],
      },
      { target: ".unavailable.missing", actions: [assign({ url: null, renewedUrl: null }), "resetPosition"] },
    ],
  },
  states: {
    loading: {
      always: { guard: "hasNoUrl", target: "unavailable.missing" },
      on: {
        "media.loaded": {
          target: "ready",
          actions: assign({ duration: ({ event }) => finite(event.duration) }),
        },
        "media.failed": { target: "unavailable.failed" },
      },
    },
    ready: {
      initial: "paused",
      on: {
        "media.timeUpdated": { actions: assign({ currentTime: ({ event }) => Math.max(0, event.time) }) },
        "media.durationChanged": { actions: assign({ duration: ({ event }) => finite(event.duration) }) },
        "player.seek": {
          actions: [
            assign({ currentTime: ({ event }) => Math.max(0, event.time) }),
            { type: "seekMedia", params: ({ event }) => ({ time: Math.max(0, event.time) }) },
          ],
        },
        "media.failed": { target: "unavailable.failed" },
      },
      states: {
        paused: {
          on: {
            "player.play": { target: "playing", actions: "playMedia" },
            "player.toggle": { target: "playing", actions: "playMedia" },
            "media.played": { target: "playing" },
            // The element fires "pause" just before "ended".
            "media.ended": { target: "ended" },
          },
        },
        playing: {
          on: {
            "player.pause": { target: "paused", actions: "pauseMedia" },
            "player.toggle": { target: "paused", actions: "pauseMedia" },
            "media.paused": { target: "paused" },
            "media.ended": { target: "ended" },
          },
        },
        ended: {
          on: {
            "player.play": { target: "playing", actions: "playMedia" },
            "player.toggle": { target: "playing", actions: "playMedia" },
            "media.played": { target: "playing" },
            "player.seek": {
              target: "paused",
              actions: [
                assign({ currentTime: ({ event }) => Math.max(0, event.time) }),
                { type: "seekMedia", params: ({ event }) => ({ time: Math.max(0, event.time) }) },
              ],
            },
          },
        },
      },
    },
    unavailable: {
      initial: "failed",
      states: {
        missing: {},
        failed: {
          on: {
            // With the newest link: the one that failed may have run out.
            "player.retry": {
              target: "#recordingPlayer.loading",
              actions: [
                assign({ url: ({ context }) => context.renewedUrl ?? context.url, renewedUrl: null }),
                "resetPosition",
                "reloadMedia",
              ],
            },
          },
        },
      },
    },
  },
});

export type RecordingPlayerMachine = typeof recordingPlayerMachine;
