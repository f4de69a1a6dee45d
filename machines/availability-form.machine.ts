import type { AvailabilityUpdate } from "@shared/availability.schema";
import { assign, setup } from "xstate";
import { notProvided } from "./not-provided";

/**
 * The weekly schedule and buffer rules as one form: pristine ⇄ editing → saving → saved | failed.
 * A failed save keeps the draft (try again or discard); edits that return to what is saved are pristine.
 */

export type AvailabilityFormContext = {
  /** What the server holds, as last loaded or saved. */
  saved: AvailabilityUpdate;
  draft: AvailabilityUpdate;
  error: unknown;
};

export type AvailabilityFormEvent =
  | { type: "form.edit"; draft: AvailabilityUpdate }
  | { type: "form.save" }
  | { type: "form.discard" }
  /** The server's values arrived again (a refetch); taken only when nothing is being edited. */
  | { type: "form.reload"; values: AvailabilityUpdate };

const sameValues = (a: AvailabilityUpdate, b: AvailabilityUpdate) => JSON.stringify(a) === JSON.stringify(b);

export const availabilityFormMachine = setup({
  types: {
    context: {} as AvailabilityFormContext,
    events: {} as AvailabilityFormEvent,
    input: {} as AvailabilityUpdate,
  },
  actors: {
    /** PUT /api/availability with the whole draft. */
    save: notProvided<unknown, AvailabilityUpdate>("save"),
  },
  actions: {
    /** Tell the user the changes are saved (a toast). */
    announceSaved: () => {},
    setDraft: assign(({ event }) => (event.type === "form.edit" ? { draft: event.draft } : {})),
    resetDraft: assign({ draft: ({ context }) => context.saved, error: null }),
    takeValues: assign(({ event }) =>
      event.type === "form.reload" ? { saved: event.values, draft: event.values, error: null } : {},
    ),
  },
  guards: {
    /** The draft passes the shared schema (no overlaps, end after start, rules within limits). */
    draftIsValid: () => {
      throw new Error('guard "draftIsValid" must be provided');
    },
    editMatchesSaved: ({ context, event }) =>
      event.type === "form.edit" && sameValues(event.draft, context.saved),
  },
}).createMachine({
  id: "availabilityForm",
  context: ({ input }) => ({ saved: input, draft: input, error: null }),
  initial: "pristine",
  states: {
    pristine: {
      on: {
        "form.edit": [
          { guard: "editMatchesSaved", actions: "setDraft" },
          { target: "editing", actions: "setDraft" },
        ],
        "form.reload": { actions: "takeValues" },
      },
    },
    editing: {
      on: {
        "form.edit": [
          { guard: "editMatchesSaved", target: "pristine", actions: "setDraft" },
          { actions: "setDraft" },
        ],
        "form.save": { guard: "draftIsValid", target: "saving" },
        "form.discard": { target: "pristine", actions: "resetDraft" },
      },
    },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => context.draft,
        onDone: {
          target: "saved",
          actions: [assign({ saved: ({ context }) => context.draft, error: null }), "announceSaved"],
        },
        onError: { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    saved: {
      on: {
        "form.edit": [
          { guard: "editMatchesSaved", actions: "setDraft" },
          { target: "editing", actions: "setDraft" },
        ],
        "form.reload": { target: "pristine", actions: "takeValues" },
      },
    },
    failed: {
      on: {
        "form.edit": [
          { guard: "editMatchesSaved", target: "pristine", actions: ["setDraft", "resetDraft"] },
          { actions: "setDraft" },
        ],
        "form.save": { guard: "draftIsValid", target: "saving" },
        "form.discard": { target: "pristine", actions: "resetDraft" },
      },
    },
  },
});

export type AvailabilityFormMachine = typeof availabilityFormMachine;
