import { availabilityFormMachine } from "@machines/availability-form.machine";
import type { AvailabilityUpdate } from "@shared/availability.schema";
import { fromPromise } from "xstate";
import type { ApiClient } from "../../lib/api-client";
import { saveAvailability } from "./availability.queries";

type AvailabilityFormEffects = {
  api: ApiClient;
  /** After the server took the changes: refetch what depends on them (the preview) and say so. */
  onSaved: () => void;
  /** The shared schema's verdict on a draft (loaded apart, see use-availability-validation.ts). */
  isValid: (draft: AvailabilityUpdate) => boolean;
};

/** The availability form's chart with its effects: PUT /api/availability, the toast, the schema's verdict. */
export function provideAvailabilityForm({ api, onSaved, isValid }: AvailabilityFormEffects) {
  return availabilityFormMachine.provide({
    actors: {
      save: fromPromise<unknown, AvailabilityUpdate>(({ input }) => saveAvailability(api, input)),
    },
    actions: { announceSaved: () => onSaved() },
    guards: {
      draftIsValid: ({ context }) => isValid(context.draft),
    },
  });
}
