import type { Service, ServiceCategory, ServiceInput } from "@shared/service.schema";
import { assertEvent, assign, setup } from "xstate";
import { type FailureFacts, rejectionFacts } from "./failure";
import { notProvided } from "./not-provided";

/**
 * The service dialog (spec 4): closed → create | edit → saving → closed, or back to the form it came from
 * with the failure and everything typed kept. Closing resets the form to spec 9's defaults; it cannot close
 * while a save is in flight.
 */

/**
 * The form as typed: numbers stay text until submitted, so a half-typed "12." is not rewritten, and in the
 * interface language's way of writing them ("49,90" in German), which the view reads.
 */
export type ServiceDraft = {
  name: string;
  description: string;
  duration: string;
  price: string;
  category: ServiceCategory | "";
  isActive: boolean;
  /** Empty: the business's default buffer. */
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
};

/** Spec 9: duration 30, price 0, active, empty name, description and category; no buffer of its own. */
export const SERVICE_DRAFT_DEFAULTS: ServiceDraft = {
  name: "",
  description: "",
  duration: "30",
  price: "0",
  category: "",
  isActive: true,
  bufferBeforeMinutes: "",
  bufferAfterMinutes: "",
};

/** `opened`: the form as the dialog opened it, so an edit can send only what was changed. */
export type ServiceSaveInput = { id: string | null; input: ServiceInput; opened: ServiceDraft };

export type ServiceDialogContext = {
  mode: "create" | "edit";
  /** The service being edited; null in create mode. */
  serviceId: string | null;
  draft: ServiceDraft;
  /** The form as it opened: the service being edited, or spec 9's defaults. */
  opened: ServiceDraft;
  /** Why the last save failed; the view turns it into words (a 409 names the name field). */
  failure: FailureFacts | null;
};

export type ServiceDialogEvent =
  | { type: "dialog.create" }
  /** A saved service, its draft written by the view (numbers in the interface language). */
  | { type: "dialog.edit"; serviceId: string; draft: ServiceDraft }
  | { type: "dialog.close" }
  | { type: "form.change"; patch: Partial<ServiceDraft> }
  /** The form's values, already checked by the view against the shared schema. */
  | { type: "form.submit"; input: ServiceInput };

const closedContext: ServiceDialogContext = {
  mode: "create",
  serviceId: null,
  draft: SERVICE_DRAFT_DEFAULTS,
  opened: SERVICE_DRAFT_DEFAULTS,
  failure: null,
};

export const serviceDialogMachine = setup({
  types: {
    context: {} as ServiceDialogContext,
    events: {} as ServiceDialogEvent,
  },
  actors: {
    /** Creates (id null) or replaces the service; resolves with it as the server now holds it. */
    save: notProvided<Service, ServiceSaveInput>("save"),
  },
  actions: {
    /** A save went through (spec 8 success toast, list refetched). */
    announceSaved: (_, _params: { mode: "create" | "edit" }) => {},
    /** A save failed (spec 8 error toast); the form stays open with what was typed. */
    announceFailed: (_, _params: { mode: "create" | "edit"; failure: FailureFacts }) => {},
    reset: assign(() => closedContext),
    applyChange: assign({
      draft: ({ context, event }) => {
        assertEvent(event, "form.change");
        return { ...context.draft, ...event.patch };
      },
      failure: null,
    }),
  },
  guards: {
    isEditing: ({ context }) => context.mode === "edit",
  },
}).createMachine({
  id: "serviceDialog",
  initial: "closed",
  context: closedContext,
  states: {
    closed: {
      on: {
        "dialog.create": { target: "create" },
        "dialog.edit": {
          target: "edit",
          actions: assign({
            mode: "edit",
            serviceId: ({ event }) => event.serviceId,
            draft: ({ event }) => event.draft,
            opened: ({ event }) => event.draft,
            failure: null,
          }),
        },
      },
    },
    create: {
      on: {
        "form.change": { actions: "applyChange" },
        "form.submit": { target: "saving" },
        "dialog.close": { target: "closed", actions: "reset" },
      },
    },
    edit: {
      on: {
        "form.change": { actions: "applyChange" },
        "form.submit": { target: "saving" },
        "dialog.close": { target: "closed", actions: "reset" },
      },
    },
    saving: {
      entry: assign({ failure: null }),
      invoke: {
        id: "save",
        src: "save",
        input: ({ context, event }) => {
          assertEvent(event, "form.submit");
          return { id: context.serviceId, input: event.input, opened: context.opened };
        },
        onDone: {
          target: "closed",
          actions: [{ type: "announceSaved", params: ({ context }) => ({ mode: context.mode }) }, "reset"],
        },
        // Back to the form it came from, draft untouched, with the failure to show.
        onError: (["edit", "create"] as const).map((target) => ({
          ...(target === "edit" && { guard: "isEditing" as const }),
          target,
          actions: [
            assign({ failure: ({ event }) => rejectionFacts(event.error) }),
            {
              type: "announceFailed" as const,
              params: ({ context, event }) => ({ mode: context.mode, failure: rejectionFacts(event.error) }),
            },
          ],
        })),
      },
    },
  },
});

export type ServiceDialogMachine = typeof serviceDialogMachine;
