import { availabilityFormMachine } from "@machines/availability-form.machine";
import { type AvailabilityUpdate, availabilityUpdate } from "@shared/availability.schema";
import { defaultWeeklySchedule } from "@shared/weekly-schedule";
import { type } from "arktype";
import { describe, expect, it } from "vitest";
import { type AnyEventObject, createActor, fromPromise, type Snapshot } from "xstate";
import { describeModelPaths } from "../support/describe-model-paths";

const saved: AvailabilityUpdate = {
  weeklySchedule: defaultWeeklySchedule(),
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 60,
  bookingHorizonDays: 60,
  slotStepMinutes: 15,
};
const lunchBreak: AvailabilityUpdate = {
  ...saved,
  weeklySchedule: {
    ...saved.weeklySchedule,
    "1": [
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "17:00" },
    ],
  },
};
const overlapping: AvailabilityUpdate = {
  ...saved,
  weeklySchedule: {
    ...saved.weeklySchedule,
    "2": [
      { start: "09:00", end: "12:00" },
      { start: "11:00", end: "17:00" },
    ],
  },
};
const fromServer: AvailabilityUpdate = { ...saved, slotStepMinutes: 30 };
const failure = { status: 500, code: "INTERNAL" };

// The app's own check: the shared schema the server validates with.
const draftIsValid = ({ context }: { context: { draft: AvailabilityUpdate } }) =>
  !(availabilityUpdate(context.draft) instanceof type.errors);

const events: AnyEventObject[] = [
  { type: "form.edit", draft: lunchBreak },
  { type: "form.edit", draft: overlapping },
  { type: "form.edit", draft: saved },
  { type: "form.save" },
  { type: "form.discard" },
  { type: "form.reload", values: fromServer },
  { type: "xstate.done.actor.save", output: null },
  { type: "xstate.error.actor.save", error: failure },
];

const announced: string[] = [];
const withGuard = availabilityFormMachine.provide({ guards: { draftIsValid } });

// Context holds whole schedules: a vertex is the state plus which draft is in it.
const byStateAndDraft = (snapshot: Snapshot<unknown>) => {
  const { value, context } = snapshot as unknown as {
    value: unknown;
    context: { draft: AvailabilityUpdate; saved: AvailabilityUpdate };
  };
  return JSON.stringify([value, context.draft, context.saved === context.draft]);
};

describeModelPaths("availability form machine (model-based)", {
  machine: withGuard,
  events,
  inputs: { "the saved schedule": saved },
  serializeState: byStateAndDraft,
  promiseActors: ["save"],
  provide: (actors) =>
    withGuard.provide({
      actors: actors as never,
      actions: { announceSaved: ({ context }) => announced.push(JSON.stringify(context.saved)) },
    }),
  minPaths: 20,
  assertState: (snapshot) => {
    if (snapshot.matches("pristine") || snapshot.matches("saved"))
      expect(snapshot.context.draft).toEqual(snapshot.context.saved);
    if (snapshot.matches("editing")) expect(snapshot.context.draft).not.toEqual(snapshot.context.saved);
    if (snapshot.matches("failed")) expect(snapshot.context.error).toEqual(failure);
    else expect(snapshot.context.error).toBeNull();
  },
  afterReplays: () => {
    it("announces each save with the values it saved, never an invalid draft", () => {
      expect(announced).toContain(JSON.stringify(lunchBreak));
      expect(announced).not.toContain(JSON.stringify(overlapping));
    });
  },
});

describe("availability form rules", () => {
  const start = (save: (draft: AvailabilityUpdate) => Promise<unknown>) =>
    createActor(withGuard.provide({ actors: { save: fromPromise(({ input }) => save(input)) } }), {
      input: saved,
    }).start();

  it("refuses to save a schedule with overlapping ranges", () => {
    const actor = start(() => Promise.resolve(null));
    actor.send({ type: "form.edit", draft: overlapping });
    expect(actor.getSnapshot().can({ type: "form.save" })).toBe(false);
    actor.send({ type: "form.save" });
    expect(actor.getSnapshot().matches("editing")).toBe(true);
  });

  it("sends the whole draft and keeps it after a failed save", async () => {
    const sent: AvailabilityUpdate[] = [];
    const actor = start((draft) => {
      sent.push(draft);
      return Promise.reject(failure);
    });
    actor.send({ type: "form.edit", draft: lunchBreak });
    actor.send({ type: "form.save" });
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches("failed") && resolve()));
    expect(sent).toEqual([lunchBreak]);
    expect(actor.getSnapshot().context.draft).toEqual(lunchBreak);
    expect(actor.getSnapshot().context.saved).toEqual(saved);
  });

  it("does not let a refetch overwrite unsaved edits", () => {
    const actor = start(() => Promise.resolve(null));
    actor.send({ type: "form.edit", draft: lunchBreak });
    actor.send({ type: "form.reload", values: fromServer });
    expect(actor.getSnapshot().context.draft).toEqual(lunchBreak);
  });
});
