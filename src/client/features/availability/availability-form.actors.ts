import { availabilityFormMachine } from "@machines/availability-form.machine";
import { type AvailabilityUpdate, availabilityUpdate } from "@shared/availability.schema";
import { type } from "arktype";
import { fromPromise } from "xstate";
import type { ApiClient } from "../../lib/api-client";
import { saveAvailability } from "./availability.queries";

type AvailabilityFormEffects = {
  api: ApiClient;
  /** After the server took the changes: refetch what depends on them (the preview) and say so. */
  onSaved: () => void;
};

/** The availability form's chart with its effects: PUT /api/availability and the shared schema's verdict. */
export function provideAvailabilityForm({ api, onSaved }: AvailabilityFormEffects) {
  return availabilityFormMachine.provide({
    actors: {
      save: fromPromise<unknown, AvailabilityUpdate>(({ input }) => saveAvailability(api, input)),
    },
    actions: { announceSaved: () => onSaved() },
    guards: {
      draftIsValid: ({ context }) => !(availabilityUpdate(context.draft) instanceof type.errors),
    },
  });
}
