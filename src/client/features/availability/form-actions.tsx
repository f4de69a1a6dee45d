import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { css } from "styled-system/css";
import { FailureText } from "../../components/failure-text";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Text } from "../../components/ui/text";
import { failureOf } from "../../lib/error-message";
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
    <div className={css({ display: "flex", flexDirection: "column", gap: "3", pt: "4" })}>
      {error ? (
        <Alert title={<Trans>Your changes could not be saved</Trans>}>
          <FailureText failure={failureOf(error)} fallback={<Trans>An unexpected error occurred</Trans>} />{" "}
          <Trans>What you typed is still here: try again.</Trans>
        </Alert>
      ) : null}
      <div
        className={css({
          display: "flex",
          flexWrap: "wrap",
          alignItems: "center",
          justifyContent: "flex-end",
          gap: "3",
        })}
      >
        <div role="status" className={css({ me: "auto" })}>
          {unsaved ? (
            <Badge tone="warning" variant="subtle" data-unsaved="">
              <Trans>Unsaved changes</Trans>
            </Badge>
          ) : null}
          {unsaved && !canSave ? (
            <Text as="span" muted size="sm" className={css({ ms: "2" })}>
              <Trans>Correct the marked fields to save.</Trans>
            </Text>
          ) : null}
        </div>
        <Button
          variant="outline"
          disabled={!unsaved || saving}
          onClick={() => form.send({ type: "form.discard" })}
        >
          <Trans>Discard changes</Trans>
        </Button>
        <Button disabled={!canSave} onClick={() => form.send({ type: "form.save" })}>
          {saving ? <Trans>Saving…</Trans> : <Trans>Save changes</Trans>}
        </Button>
      </div>
    </div>
  );
}
