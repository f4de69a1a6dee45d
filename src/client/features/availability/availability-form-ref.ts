import type { AvailabilityFormMachine } from "@machines/availability-form.machine";
import type { AvailabilityUpdate } from "@shared/availability.schema";
import type { ActorRefFrom, SnapshotFrom } from "xstate";

export type AvailabilityFormActor = ActorRefFrom<AvailabilityFormMachine>;

/** Sends the draft changed by `change`, read from the actor at send time so quick edits never undo each other. */
export function editDraft(
  form: AvailabilityFormActor,
  change: (draft: AvailabilityUpdate) => AvailabilityUpdate,
) {
  form.send({ type: "form.edit", draft: change(form.getSnapshot().context.draft) });
}

/** Edits the server does not have yet (typed, or kept after a failed save). */
export const hasUnsavedChanges = (snapshot: SnapshotFrom<AvailabilityFormMachine>) =>
  snapshot.matches("editing") || snapshot.matches("failed");
