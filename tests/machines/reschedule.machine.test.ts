import type { FailureFacts } from "@machines/failure";
import {
  chosenStart,
  firstBookableDay,
  type RescheduleReloadInput,
  type RescheduleSaveInput,
  type RescheduleTarget,
  rescheduleMachine,
} from "@machines/reschedule.machine";
import { describe, expect, it } from "vitest";
import { type AnyEventObject, createActor, fromPromise, type Snapshot, waitFor } from "xstate";
import { describeModelPaths } from "../support/describe-model-paths";
import { allTransitionKeys } from "../support/model-paths";

const timeZone = "Europe/Warsaw";
// 09:40–10:25 in Warsaw (UTC+1 in November).
const booking: RescheduleTarget = {
  _id: "b1",
  version: 3,
  status: "confirmed",
  serviceId: "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15",
  startTime: "2026-11-24T08:40:00.000Z",
  endTime: "2026-11-24T09:25:00.000Z",
};
const taken = {
  status: 409,
  code: "SLOT_TAKEN",
  nextFreeSlots: ["2026-11-27T10:00:00.000Z", "2026-11-27T10:30:00.000Z"],
};
const changed = { status: 409, code: "BOOKING_CHANGED" };
// As someone else left it: moved an hour on, so its version is the next.
const reloaded: RescheduleTarget = {
  ...booking,
  version: 4,
  status: "pending",
  startTime: "2026-11-24T09:40:00.000Z",
  endTime: "2026-11-24T10:25:00.000Z",
};
const outside = {
  status: 409,
  code: "OUTSIDE_HOURS",
  nextFreeSlots: ["2026-11-27T15:00:00.000Z"],
};

const events: AnyEventObject[] = [
  { type: "dialog.open", booking, timeZone },
  { type: "dialog.close" },
  { type: "date.pick", date: "2026-11-27" },
  { type: "time.change", time: "" },
  { type: "time.change", time: "14:20" },
  { type: "time.now", at: Date.parse("2026-11-25T13:03:00.000Z") },
  { type: "slot.pick", startTime: "2026-11-28T09:00:00.000Z" },
  { type: "form.submit" },
  { type: "xstate.done.actor.save", output: null },
  { type: "xstate.error.actor.save", error: taken },
  { type: "xstate.error.actor.save", error: outside },
  { type: "xstate.error.actor.save", error: changed },
  { type: "xstate.done.actor.reload", output: reloaded },
  { type: "xstate.error.actor.reload", error: new Error("offline") },
  { type: "outsideHours.confirm" },
];

// Days and times are free values: the chart's shape is its state, whether a start can be made, and a failure.
const byShape = (snapshot: Snapshot<unknown>) => {
  const { value, context } = snapshot as unknown as {
    value: unknown;
    context: {
      date: string | null;
      time: string;
      timeZone: string;
      exactStart: string | null;
      failure: unknown;
      outsideHoursConfirmed: boolean;
      movedFrom: string | null;
    };
  };
  return JSON.stringify([
    value,
    context.date !== null,
    chosenStart(context) !== null,
    context.failure !== null,
    context.outsideHoursConfirmed,
    context.movedFrom !== null,
    context.exactStart !== null,
  ]);
};

const effects = new Set<string>();

describeModelPaths("reschedule machine (model-based)", {
  machine: rescheduleMachine,
  events,
  serializeState: byShape,
  promiseActors: ["save", "reload"],
  provide: (actors) =>
    rescheduleMachine.provide({
      actors: actors as never,
      actions: {
        announceSaved: () => effects.add("saved"),
        announceFailed: (_, { failure }) => effects.add(`failed:${failure.code}`),
      },
    }),
  minPaths: allTransitionKeys(rescheduleMachine).size,
  assertState: (snapshot) => {
    if (snapshot.matches("closed")) {
      expect(snapshot.context).toMatchObject({
        booking: null,
        date: null,
        time: "",
        failure: null,
        movedFrom: null,
      });
    } else {
      // The booking opened, or as a reload after BOOKING_CHANGED found it: moved, and from when.
      expect([booking, reloaded]).toContainEqual(snapshot.context.booking);
      if (snapshot.context.movedFrom !== null) {
        expect(snapshot.context.booking).toEqual(reloaded);
        expect(snapshot.context.movedFrom).toBe(booking.startTime);
      }
      expect(snapshot.context.timeZone).toBe(timeZone);
    }
    // While the booking is read again, nothing is sent with the version just refused.
    if (snapshot.matches("reloading")) expect(snapshot.can({ type: "form.submit" })).toBe(false);
    // Spec 5: no way to submit without a day.
    if (snapshot.context.date === null) expect(snapshot.can({ type: "form.submit" })).toBe(false);
    if (snapshot.matches("saving")) {
      expect(snapshot.context.failure).toBeNull();
      expect(chosenStart(snapshot.context)).not.toBeNull();
    }
    // The question is only asked of a refused outside-hours time, with it kept; the answer is the only way on.
    if (snapshot.matches("outsideHours")) {
      expect(snapshot.context.failure).toEqual(outside);
      expect(snapshot.context.outsideHoursConfirmed).toBe(false);
      expect(chosenStart(snapshot.context)).not.toBeNull();
      expect(snapshot.can({ type: "form.submit" })).toBe(false);
    }
    // An overlap can never be confirmed away.
    if (!snapshot.matches("outsideHours")) expect(snapshot.can({ type: "outsideHours.confirm" })).toBe(false);
  },
  afterReplays: () => {
    it("announces each outcome", () => {
      // OUTSIDE_HOURS is a question when first met; only a refusal despite the confirmation is announced.
      expect([...effects].sort()).toEqual([
        "failed:BOOKING_CHANGED",
        "failed:OUTSIDE_HOURS",
        "failed:SLOT_TAKEN",
        "saved",
      ]);
    });
  },
});

describe("reschedule rules", () => {
  function start(
    save: (input: RescheduleSaveInput) => Promise<unknown>,
    reload: (input: RescheduleReloadInput) => Promise<RescheduleTarget> = () => Promise.resolve(booking),
  ) {
    const sent: RescheduleSaveInput[] = [];
    const failures: FailureFacts[] = [];
    const actor = createActor(
      rescheduleMachine.provide({
        actors: {
          save: fromPromise<unknown, RescheduleSaveInput>(({ input }) => {
            sent.push(input);
            return save(input);
          }),
          reload: fromPromise<RescheduleTarget, RescheduleReloadInput>(({ input }) => reload(input)),
        },
        actions: { announceFailed: (_, { failure }) => failures.push(failure) },
      }),
    ).start();
    actor.send({ type: "dialog.open", booking, timeZone });
    return { actor, sent, failures };
  }

  it("opens on the booking's time of day in the business's timezone, with no day chosen", () => {
    const { actor } = start(() => Promise.resolve(null));
    expect(actor.getSnapshot().context).toMatchObject({ date: null, time: "09:40" });
    expect(actor.getSnapshot().can({ type: "form.submit" })).toBe(false);
  });

  it("keeps the time of day when a new day is chosen, and sends that wall time in the business's zone", async () => {
    const { actor, sent } = start(() => Promise.resolve(null));
    actor.send({ type: "date.pick", date: "2026-11-30" });
    expect(actor.getSnapshot().context.time).toBe("09:40");
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(sent).toEqual([{ booking, startTime: "2026-11-30T09:40:00+01:00", outsideHours: false }]);
  });

  it("reads a day after the spring DST change with the summer offset", async () => {
    const { actor, sent } = start(() => Promise.resolve(null));
    actor.send({ type: "date.pick", date: "2027-03-29" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(sent[0]?.startTime).toBe("2027-03-29T09:40:00+02:00");
  });

  it("sends a time the clocks skip or show twice as the bare wall time, for the server to refuse with reasons", async () => {
    const { actor, sent } = start(() => Promise.resolve(null));
    // Warsaw: 2027-03-28 02:00 → 03:00 (02:30 never shows); 2027-10-31 03:00 → 02:00 (02:30 shows twice).
    for (const date of ["2027-03-28", "2027-10-31"]) {
      actor.send({ type: "dialog.open", booking, timeZone });
      actor.send({ type: "date.pick", date });
      actor.send({ type: "time.change", time: "02:30" });
      actor.send({ type: "form.submit" });
      await waitFor(actor, (s) => s.matches("closed"));
    }
    expect(sent.map((input) => input.startTime)).toEqual(["2027-03-28T02:30", "2027-10-31T02:30"]);
  });

  it("sends a free time of the hour the clocks go back as the instant it names, either occurrence", async () => {
    const { actor, sent } = start(() => Promise.resolve(null));
    // New York, 2026-11-01: 01:30 shows at -04:00, then again at -05:00; the free times list both.
    const twice = ["2026-11-01T01:30:00-04:00", "2026-11-01T01:30:00-05:00"];
    actor.send({ type: "dialog.close" });
    for (const startTime of twice) {
      actor.send({ type: "dialog.open", booking, timeZone: "America/New_York" });
      actor.send({ type: "slot.pick", startTime });
      expect(actor.getSnapshot().context).toMatchObject({ date: "2026-11-01", time: "01:30" });
      actor.send({ type: "form.submit" });
      await waitFor(actor, (s) => s.matches("closed"));
    }
    expect(sent.map((input) => input.startTime)).toEqual(twice);
    // Chosen by hand, the day or time is a wall time again: the server asks which 01:30.
    actor.send({ type: "dialog.open", booking, timeZone: "America/New_York" });
    actor.send({ type: "slot.pick", startTime: twice[1]! });
    actor.send({ type: "time.change", time: "01:30" });
    expect(chosenStart(actor.getSnapshot().context)).toBe("2026-11-01T01:30");
    actor.send({ type: "slot.pick", startTime: twice[0]! });
    actor.send({ type: "date.pick", date: "2026-11-02" });
    expect(chosenStart(actor.getSnapshot().context)).toBe("2026-11-02T01:30:00-05:00");
  });

  it("keeps the field a refusal names, with the free times offered instead", async () => {
    const refusal = {
      status: 400,
      code: "VALIDATION",
      field: "startTime",
      nextFreeSlots: ["2027-03-28T03:00:00+02:00"],
    };
    const { actor } = start(() => Promise.reject(refusal));
    actor.send({ type: "date.pick", date: "2027-03-28" });
    actor.send({ type: "time.change", time: "02:30" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toEqual(refusal);
  });

  it("'Now' takes today and the next 10-minute step on the business's clock", () => {
    const { actor } = start(() => Promise.resolve(null));
    actor.send({ type: "time.now", at: Date.parse("2026-11-25T13:03:00.000Z") });
    expect(actor.getSnapshot().context).toMatchObject({ date: "2026-11-25", time: "14:10" });
    actor.send({ type: "time.now", at: Date.parse("2026-11-25T22:55:00.000Z") });
    expect(actor.getSnapshot().context).toMatchObject({ date: "2026-11-26", time: "00:00" });
  });

  it("'Now' steps the business's wall clock, not UTC's, where the offset is not whole hours", () => {
    const { actor } = start(() => Promise.resolve(null));
    actor.send({ type: "dialog.close" });
    const at = Date.parse("2026-11-28T04:01:00.000Z");
    const nowIn = (zone: string, instant = at) => {
      actor.send({ type: "dialog.open", booking, timeZone: zone });
      actor.send({ type: "time.now", at: instant });
      const { date, time } = actor.getSnapshot().context;
      const sent = chosenStart(actor.getSnapshot().context);
      actor.send({ type: "dialog.close" });
      return { date, time, sent };
    };
    // 09:46 in Kathmandu (+05:45), 17:46 in Chatham (+13:45): the next step is :50, not the UTC step's :55.
    expect(nowIn("Asia/Kathmandu")).toEqual({
      date: "2026-11-28",
      time: "09:50",
      sent: "2026-11-28T09:50:00+05:45",
    });
    expect(nowIn("Pacific/Chatham")).toEqual({
      date: "2026-11-28",
      time: "17:50",
      sent: "2026-11-28T17:50:00+13:45",
    });
    // 01:55 the first time in New York on the night the clocks go back: the next step of that clock, 02:00 at
    // -04:00, is the moment it goes back to 01:00, sent as that one instant although 01:00 happens twice.
    expect(nowIn("America/New_York", Date.parse("2026-11-01T05:55:00.000Z"))).toEqual({
      date: "2026-11-01",
      time: "01:00",
      sent: "2026-11-01T01:00:00-05:00",
    });
  });

  it("a free slot sets both the day and the time", () => {
    const { actor } = start(() => Promise.resolve(null));
    actor.send({ type: "slot.pick", startTime: "2026-11-28T09:00:00.000Z" });
    expect(actor.getSnapshot().context).toMatchObject({ date: "2026-11-28", time: "10:00" });
  });

  it("a taken time keeps what was chosen and offers the next free starts", async () => {
    const { actor, failures } = start(() => Promise.reject(taken));
    actor.send({ type: "date.pick", date: "2026-11-27" });
    actor.send({ type: "time.change", time: "10:20" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({ date: "2026-11-27", time: "10:20", failure: taken });
    expect(failures).toEqual([taken]);
    // Choosing something else clears the explanation.
    actor.send({ type: "slot.pick", startTime: taken.nextFreeSlots[0]! });
    expect(actor.getSnapshot().context).toMatchObject({ date: "2026-11-27", time: "11:00", failure: null });
  });

  it("asks about a time outside the opening hours, and 'Reschedule anyway' sends it confirmed", async () => {
    let answers = [Promise.reject(outside), Promise.resolve(null)];
    answers[0]?.catch(() => {});
    const { actor, sent, failures } = start(() => {
      const [next, ...rest] = answers;
      answers = rest;
      return next ?? Promise.resolve(null);
    });
    actor.send({ type: "date.pick", date: "2026-11-27" });
    actor.send({ type: "time.change", time: "22:00" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("outsideHours"));
    // The chosen time stays, with the day's free starts beside the question; no failure is announced.
    expect(actor.getSnapshot().context).toMatchObject({
      date: "2026-11-27",
      time: "22:00",
      failure: outside,
    });
    expect(failures).toEqual([]);
    actor.send({ type: "outsideHours.confirm" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(sent.map((input) => [input.startTime, input.outsideHours])).toEqual([
      ["2026-11-27T22:00:00+01:00", false],
      ["2026-11-27T22:00:00+01:00", true],
    ]);
  });

  it("leaves the question on a new day or time, and drops a confirmation when the time changes", async () => {
    const answers: Array<typeof outside | typeof taken> = [outside, outside, taken];
    const { actor, sent } = start(() => Promise.reject(answers.shift() ?? taken));
    actor.send({ type: "date.pick", date: "2026-11-27" });
    actor.send({ type: "time.change", time: "22:00" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("outsideHours"));
    // A suggested free time answers it too: back to editing with that time and no question.
    actor.send({ type: "slot.pick", startTime: outside.nextFreeSlots[0]! });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context).toMatchObject({ time: "16:00", failure: null });
    actor.send({ type: "time.change", time: "22:10" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("outsideHours"));
    actor.send({ type: "outsideHours.confirm" });
    // Confirmed, yet someone holds that time: an overlap is explained, never asked about.
    await waitFor(actor, (s) => s.matches("editing") && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toEqual(taken);
    expect(actor.getSnapshot().can({ type: "outsideHours.confirm" })).toBe(false);
    actor.send({ type: "time.change", time: "22:20" });
    expect(actor.getSnapshot().context.outsideHoursConfirmed).toBe(false);
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.failure !== null);
    expect(sent.map((input) => input.outsideHours)).toEqual([false, false, true, false]);
  });

  it("after a change by someone else, reads the booking again and saves against its new version", async () => {
    // The server holds version 4: anything else is refused as changed.
    const { actor, sent, failures } = start(
      (input) =>
        input.booking.version === reloaded.version ? Promise.resolve(null) : Promise.reject(changed),
      ({ bookingId }) => Promise.resolve({ ...reloaded, _id: bookingId }),
    );
    actor.send({ type: "date.pick", date: "2026-11-27" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.failure !== null);
    // What was chosen stays; the booking is the one reloaded, and the dialog can say it moved from 09:40.
    expect(actor.getSnapshot().context).toMatchObject({
      date: "2026-11-27",
      time: "09:40",
      booking: reloaded,
      failure: changed,
      movedFrom: booking.startTime,
    });
    expect(failures).toEqual([changed]);
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(sent.map((input) => input.booking.version)).toEqual([3, 4]);
  });

  it("says nothing moved when the reload finds the booking at its time", async () => {
    const { actor } = start(
      () => Promise.reject(changed),
      () => Promise.resolve({ ...booking, version: 4 }),
    );
    actor.send({ type: "date.pick", date: "2026-11-27" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("editing") && s.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({ booking: { version: 4 }, movedFrom: null });
  });

  it("cannot close while the change is on its way", () => {
    const { actor } = start(() => new Promise(() => {}));
    actor.send({ type: "date.pick", date: "2026-11-27" });
    actor.send({ type: "form.submit" });
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().matches("saving")).toBe(true);
  });

  it("offers days from today on the business's clock", () => {
    // 23:30 UTC on the 24th is already the 25th in Warsaw.
    expect(firstBookableDay(Date.parse("2026-11-24T23:30:00Z"), timeZone)).toBe("2026-11-25");
  });
});
