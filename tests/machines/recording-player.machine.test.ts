import { type RecordingPlayerInput, recordingPlayerMachine } from "@machines/recording-player.machine";
import { describe, expect, it } from "vitest";
import { type AnyEventObject, createActor, type Snapshot, transition } from "xstate";
import { describeModelPaths } from "../support/describe-model-paths";

const url = "https://recordings.example.com/call-1.mp3";
const otherUrl = "https://recordings.example.com/call-1-final.mp3";
/** Our copy's link to the same recording, signed again an hour later. */
const renewedUrl = `${url}?token=renewed`;

const events: AnyEventObject[] = [
  { type: "player.play" },
  { type: "player.pause" },
  { type: "player.toggle" },
  { type: "player.seek", time: 12 },
  { type: "player.retry" },
  { type: "recording.sourceChanged", url: otherUrl },
  { type: "recording.sourceChanged", url: renewedUrl },
  { type: "recording.sourceChanged", url: null },
  { type: "media.loaded", duration: 95 },
  { type: "media.durationChanged", duration: 96 },
  { type: "media.timeUpdated", time: 5 },
  { type: "media.played" },
  { type: "media.paused" },
  { type: "media.ended" },
  { type: "media.failed" },
];

// Context holds positions and durations; the chart's shape is the state value.
const byValue = (snapshot: Snapshot<unknown>) => JSON.stringify((snapshot as { value?: unknown }).value);

const effects = new Set<string>();

describeModelPaths("recording player machine (model-based)", {
  machine: recordingPlayerMachine,
  events,
  inputs: { "a URL": { url }, "no URL": { url: null } } satisfies Record<string, RecordingPlayerInput>,
  serializeState: byValue,
  provide: () =>
    recordingPlayerMachine.provide({
      actions: {
        playMedia: () => effects.add("play"),
        pauseMedia: () => effects.add("pause"),
        seekMedia: (_, params) => effects.add(`seek:${params.time}`),
        reloadMedia: () => effects.add("reload"),
      },
    }),
  minPaths: 11,
  // Invariants of every reachable state.
  assertState: (snapshot) => {
    if (snapshot.matches({ unavailable: "missing" })) expect(snapshot.context.url).toBeNull();
    if (snapshot.matches("loading") || snapshot.matches("ready")) expect(snapshot.context.url).not.toBeNull();
    if (snapshot.matches("loading")) expect(snapshot.context.currentTime).toBe(0);
    expect(snapshot.context.currentTime).toBeGreaterThanOrEqual(0);
  },
  afterReplays: () => {
    it("drives the media element through its provided actions", () => {
      expect([...effects].sort()).toEqual(["pause", "play", "reload", "seek:12"]);
    });
  },
});

describe("recording player rules", () => {
  const start = (input: RecordingPlayerInput) => createActor(recordingPlayerMachine, { input }).start();

  it("says there is no recording when the call has no URL", () => {
    expect(start({ url: null }).getSnapshot().matches({ unavailable: "missing" })).toBe(true);
  });

  it("waits for the media's metadata, keeping only a finite duration", () => {
    const actor = start({ url });
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    actor.send({ type: "media.loaded", duration: Number.POSITIVE_INFINITY });
    expect(actor.getSnapshot().matches({ ready: "paused" })).toBe(true);
    expect(actor.getSnapshot().context.duration).toBeNull();
    actor.send({ type: "media.durationChanged", duration: 61.5 });
    expect(actor.getSnapshot().context.duration).toBe(61.5);
  });

  it("follows the native controls: the element's own play and pause events move the chart", () => {
    const actor = start({ url });
    actor.send({ type: "media.loaded", duration: 30 });
    actor.send({ type: "media.played" });
    expect(actor.getSnapshot().matches({ ready: "playing" })).toBe(true);
    actor.send({ type: "media.paused" });
    expect(actor.getSnapshot().matches({ ready: "paused" })).toBe(true);
  });

  it("seeking after the end pauses at the new position; a seek never goes below zero", () => {
    const ended = recordingPlayerMachine.resolveState({
      value: { ready: "ended" },
      context: { url, renewedUrl: null, duration: 30, currentTime: 30 },
    });
    const [paused] = transition(recordingPlayerMachine, ended, { type: "player.seek", time: -4 });
    expect(paused.matches({ ready: "paused" })).toBe(true);
    expect(paused.context.currentTime).toBe(0);
  });

  it("a new source starts over; a source taken away says there is no recording", () => {
    const actor = start({ url });
    actor.send({ type: "media.loaded", duration: 30 });
    actor.send({ type: "media.timeUpdated", time: 12 });
    actor.send({ type: "recording.sourceChanged", url: otherUrl });
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    expect(actor.getSnapshot().context).toEqual({
      url: otherUrl,
      renewedUrl: null,
      duration: null,
      currentTime: 0,
    });
    actor.send({ type: "recording.sourceChanged", url: null });
    expect(actor.getSnapshot().matches({ unavailable: "missing" })).toBe(true);
  });

  it("a renewed link to the same recording does not interrupt playback; a retry loads it", () => {
    const actor = start({ url });
    actor.send({ type: "media.loaded", duration: 30 });
    actor.send({ type: "player.play" });
    actor.send({ type: "media.timeUpdated", time: 12 });
    actor.send({ type: "recording.sourceChanged", url: renewedUrl });
    expect(actor.getSnapshot().matches({ ready: "playing" })).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ url, renewedUrl, duration: 30, currentTime: 12 });
    // Paused past the old link's life, a seek fails; trying again takes the renewed link.
    actor.send({ type: "media.failed" });
    actor.send({ type: "player.retry" });
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ url: renewedUrl, renewedUrl: null });
  });

  it("an unreachable recording can be retried", () => {
    const actor = start({ url });
    actor.send({ type: "media.failed" });
    expect(actor.getSnapshot().matches({ unavailable: "failed" })).toBe(true);
    expect(actor.getSnapshot().can({ type: "player.retry" })).toBe(true);
    actor.send({ type: "player.retry" });
    expect(actor.getSnapshot().matches("loading")).toBe(true);
  });
});
