import type { ServiceDraft } from "@machines/service-dialog.machine";
import type { ServiceChanges, ServiceInput } from "@shared/service.schema";
import { changedFields } from "../../lib/draft-fields";

/** Spec 5: a non-numeric entry becomes 0. */
const numberOr0 = (text: string, parse: (text: string) => number) => {
  const value = parse(text);
  return Number.isFinite(value) ? value : 0;
};

/** An empty buffer follows the business's default. */
const bufferOf = (text: string) =>
  text.trim() === "" ? null : numberOr0(text, (t) => Number.parseInt(t, 10));

/** The form's text as the API takes it (spec 5: duration parsed as an integer, price as a decimal). */
export const inputOfDraft = (draft: ServiceDraft): ServiceInput => ({
  name: draft.name,
  description: draft.description,
  duration: numberOr0(draft.duration, (t) => Number.parseInt(t, 10)),
  price: numberOr0(draft.price, Number.parseFloat),
  category: draft.category || null,
  isActive: draft.isActive,
  bufferBeforeMinutes: bufferOf(draft.bufferBeforeMinutes),
  bufferAfterMinutes: bufferOf(draft.bufferAfterMinutes),
});

/** What an edit sends: the fields whose value differs from the service as the dialog opened it. */
export function changesOf(input: ServiceInput, opened: ServiceDraft): ServiceChanges {
  const before = inputOfDraft(opened);
  return Object.fromEntries([...changedFields(input, before)].map((field) => [field, input[field]]));
}
