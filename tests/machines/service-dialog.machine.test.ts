import {
  SERVICE_DRAFT_DEFAULTS,
  type ServiceDraft,
  type ServiceSaveInput,
  serviceDialogMachine,
} from "@machines/service-dialog.machine";
import type { Service, ServiceInput } from "@shared/service.schema";
import { describe, expect, it } from "vitest";
import { type AnyEventObject, createActor, fromPromise, type Snapshot, waitFor } from "xstate";
import { describeModelPaths } from "../support/describe-model-paths";
import { allTransitionKeys } from "../support/model-paths";

const massage: Service = {
  _id: "5c0f8a2e-91d3-4b6e-8f27-0a4d6c3b9e15",
  name: "Massage",
  description: "Sixty minutes",
  duration: 60,
  price: 19.99,
  category: "wellness",
  isActive: false,
  bufferBeforeMinutes: null,
  bufferAfterMinutes: 10,
};
/** The massage as the view drafts it for editing. */
const massageDraft: ServiceDraft = {
  name: "Massage",
  description: "Sixty minutes",
  duration: "60",
  price: "19.99",
  category: "wellness",
  isActive: false,
  bufferBeforeMinutes: "",
  bufferAfterMinutes: "10",
};
const editMassage = { type: "dialog.edit", serviceId: massage._id, draft: massageDraft } as const;
const input: ServiceInput = { name: "Facial", duration: 45, price: 30, isActive: true };
const conflict = { status: 409, code: "CONFLICT", field: "name", message: "taken" };

const events: AnyEventObject[] = [
  { type: "dialog.create" },
  editMassage,
  { type: "dialog.close" },
  { type: "form.change", patch: { name: "Facial" } },
  { type: "form.submit", input },
  { type: "xstate.done.actor.save", output: massage },
  { type: "xstate.error.actor.save", error: conflict },
];

// The draft is free text: the chart's shape is its state, mode and whether a failure is shown.
const byShape = (snapshot: Snapshot<unknown>) => {
  const { value, context } = snapshot as unknown as {
    value: unknown;
    context: { mode: string; failure: unknown };
  };
  return JSON.stringify([value, context.mode, context.failure !== null]);
};

const effects = new Set<string>();

describeModelPaths("service dialog machine (model-based)", {
  machine: serviceDialogMachine,
  events,
  serializeState: byShape,
  promiseActors: ["save"],
  provide: (actors) =>
    serviceDialogMachine.provide({
      actors: actors as never,
      actions: {
        announceSaved: (_, { mode }) => effects.add(`saved:${mode}`),
        announceFailed: (_, { mode, failure }) => effects.add(`failed:${mode}:${failure.code}`),
      },
    }),
  minPaths: allTransitionKeys(serviceDialogMachine).size,
  assertState: (snapshot) => {
    // Closed is always the spec 9 defaults, whatever came before.
    if (snapshot.matches("closed")) {
      expect(snapshot.context).toEqual({
        mode: "create",
        serviceId: null,
        draft: SERVICE_DRAFT_DEFAULTS,
        opened: SERVICE_DRAFT_DEFAULTS,
        failure: null,
      });
    }
    if (snapshot.matches("edit")) expect(snapshot.context.serviceId).toBe(massage._id);
    if (snapshot.matches("create")) expect(snapshot.context.serviceId).toBeNull();
    if (snapshot.matches("saving")) expect(snapshot.context.failure).toBeNull();
  },
  afterReplays: () => {
    it("announces each outcome in its mode", () => {
      expect([...effects].sort()).toEqual([
        "failed:create:CONFLICT",
        "failed:edit:CONFLICT",
        "saved:create",
        "saved:edit",
      ]);
    });
  },
});

describe("service dialog rules", () => {
  function start(save: (input: ServiceSaveInput) => Promise<Service>) {
    const sent: ServiceSaveInput[] = [];
    const actor = createActor(
      serviceDialogMachine.provide({
        actors: {
          save: fromPromise<Service, ServiceSaveInput>(({ input }) => {
            sent.push(input);
            return save(input);
          }),
        },
      }),
    ).start();
    return { actor, sent };
  }

  it("opens create mode on spec 9's defaults: duration 30, price 0, active, nothing else", () => {
    const { actor } = start(() => Promise.resolve(massage));
    actor.send({ type: "dialog.create" });
    expect(actor.getSnapshot().context.draft).toEqual({
      name: "",
      description: "",
      duration: "30",
      price: "0",
      category: "",
      isActive: true,
      bufferBeforeMinutes: "",
      bufferAfterMinutes: "",
    });
  });

  it("opens edit mode on the service's draft, as the view wrote it", () => {
    const { actor } = start(() => Promise.resolve(massage));
    actor.send(editMassage);
    expect(actor.getSnapshot().context).toMatchObject({
      mode: "edit",
      serviceId: massage._id,
      draft: massageDraft,
    });
  });

  it("keeps what was typed and the failure after a failed save, then saves it on retry", async () => {
    let fail = true;
    const { actor, sent } = start(() => (fail ? Promise.reject(conflict) : Promise.resolve(massage)));
    actor.send(editMassage);
    actor.send({ type: "form.change", patch: { name: "Facial", price: "12.5" } });
    actor.send({ type: "form.submit", input });
    await waitFor(actor, (s) => s.matches("edit"));
    expect(actor.getSnapshot().context).toMatchObject({
      serviceId: massage._id,
      draft: { ...massageDraft, name: "Facial", price: "12.5" },
      failure: { status: 409, code: "CONFLICT", field: "name" },
    });
    // The save carries the service as the dialog opened it, so only what was changed goes.
    expect(sent).toEqual([{ id: massage._id, input, opened: massageDraft }]);

    // Typing clears the failure; the next save goes through and closes on the defaults.
    actor.send({ type: "form.change", patch: { name: "Facial 2" } });
    expect(actor.getSnapshot().context.failure).toBeNull();
    fail = false;
    actor.send({ type: "form.submit", input });
    await waitFor(actor, (s) => s.matches("closed"));
    expect(actor.getSnapshot().context.draft).toEqual(SERVICE_DRAFT_DEFAULTS);
  });

  it("creates with no id, and cannot be closed while saving", async () => {
    let finish: (service: Service) => void = () => {};
    const { actor, sent } = start(() => new Promise((resolve) => (finish = resolve)));
    actor.send({ type: "dialog.create" });
    actor.send({ type: "form.submit", input });
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().matches("saving")).toBe(true);
    finish(massage);
    await waitFor(actor, (s) => s.matches("closed"));
    expect(sent).toEqual([{ id: null, input, opened: SERVICE_DRAFT_DEFAULTS }]);
  });

  it("resets to the defaults on close, so the next create starts clean", () => {
    const { actor } = start(() => Promise.resolve(massage));
    actor.send(editMassage);
    actor.send({ type: "dialog.close" });
    actor.send({ type: "dialog.create" });
    expect(actor.getSnapshot().context).toMatchObject({ mode: "create", serviceId: null });
    expect(actor.getSnapshot().context.draft).toEqual(SERVICE_DRAFT_DEFAULTS);
  });
});
