import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { SaveBar } from "../../components/save-bar";
import { type AvailabilityFormActor, hasUnsavedChanges } from "./availability-form-ref";
import { useAvailabilityValidation } from "./use-availability-validation";

/** Save and discard for the schedule and the rules (one PUT), with what is unsaved or went wrong. */
export function FormActions({ form }: { form: AvailabilityFormActor }) {
  const unsaved = useSelector(form, hasUnsavedChanges);
  const saving = useSelector(form, (s) => s.matches("saving"));
  // Rendered again when the schema checks arrive (they load on the form's first use): `can` asks them.
  useAvailabilityValidation();
  const canSave = useSelector(form, (s) => s.can({ type: "form.save" }));
  const error = useSelector(form, (s) => (s.matches("failed") ? s.context.error : null));
  return (
    <SaveBar
      unsaved={unsaved}
      blocked={!canSave}
      saving={saving}
      failure={error}
      saveLabel={<Trans>Save changes</Trans>}
      saveDisabled={!canSave}
      onDiscard={() => form.send({ type: "form.discard" })}
      onSave={() => form.send({ type: "form.save" })}
    />
  );
}
