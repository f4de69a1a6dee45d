import { Trans, useLingui } from "@lingui/react/macro";
import type { ServiceDialogMachine, ServiceDraft } from "@machines/service-dialog.machine";
// The constants module, not service.schema: that one builds arktype schemas at load (kept out of the page).
import { SERVICE_CATEGORIES } from "@shared/service.constants";
import { useSelector } from "@xstate/react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { input as inputRecipe } from "styled-system/recipes/input";
import type { ActorRefFrom } from "xstate";
import { SaveFailureText } from "../../components/save-bar";
import { Alert } from "../../components/ui/alert";
import { AppDialog, DialogForm } from "../../components/ui/app-dialog";
import { Button } from "../../components/ui/button";
import * as Dialog from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { SwitchField } from "../../components/ui/switch-field";
import { TextareaField } from "../../components/ui/textarea-field";
import { useCompanyCurrency } from "../../lib/company-queries";
import { decimalMarkOf } from "../../lib/decimal-text";
import { SERVICE_CATEGORY_LABELS } from "./service-category-labels";
import { readDraft } from "./service-draft";
import type { ServiceField } from "./service-draft-check";
import { nameTakenMessage, refusalMessage, unreadableMessage } from "./service-field-messages";
import { priceDecimalsOf } from "./service-price";

const fieldStyles = field();
const row = css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" } });

type Problems = Partial<Record<ServiceField, string>>;

/** Spec 4/5: the create/edit form, driven by the service dialog chart. */
export function ServiceDialog({ dialog }: { dialog: ActorRefFrom<ServiceDialogMachine> }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const currency = useCompanyCurrency();
  const decimals = priceDecimalsOf(currency);
  const formRef = useRef<HTMLFormElement>(null);
  const open = useSelector(dialog, (s) => !s.matches("closed"));
  const saving = useSelector(dialog, (s) => s.matches("saving"));
  const mode = useSelector(dialog, (s) => s.context.mode);
  const draft = useSelector(dialog, (s) => s.context.draft);
  const failure = useSelector(dialog, (s) => s.context.failure);
  const [problems, setProblems] = useState<Problems>({});
  const [checks, setChecks] = useState(0);

  // A new opening starts without the last one's complaints.
  useEffect(() => {
    if (!open) setProblems({});
  }, [open]);

  // After a refused submit, the first field at fault takes the focus (its message is read with it).
  useEffect(() => {
    if (checks === 0) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [checks]);

  const change = (patch: Partial<ServiceDraft>) => {
    dialog.send({ type: "form.change", patch });
    const cleared = Object.keys(patch) as ServiceField[];
    if (cleared.some((key) => problems[key])) {
      setProblems((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key as ServiceField))),
      );
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // The machine's draft, not this render's: a submit that follows the last keystroke before React has drawn it
    // must check what was typed.
    const draft = dialog.getSnapshot().context.draft;
    const { input, unreadable } = readDraft(draft, i18n.locale);
    const { refusedFields } = await import("./service-draft-check");
    const refused = refusedFields(input, decimals);
    if (refused.length > 0 || unreadable.length > 0) {
      const mark = decimalMarkOf(i18n.locale);
      // What could not be read says so, rather than what its stand-in 0 broke.
      setProblems({
        ...Object.fromEntries(refused.map((key) => [key, i18n._(refusalMessage(key, input, currency))])),
        ...Object.fromEntries(
          unreadable.map(({ field, why }) => [
            field,
            i18n._(unreadableMessage(field, why, draft[field].trim(), mark)),
          ]),
        ),
      });
      setChecks((n) => n + 1);
      return;
    }
    setProblems({});
    dialog.send({ type: "form.submit", input });
  };

  const nameTaken = failure?.code === "CONFLICT";
  const nameError = problems.name ?? (nameTaken ? i18n._(nameTakenMessage) : undefined);
  // Any other failure is said in the dialog, one without an answer (the network) too: the toast goes in seconds.
  const otherFailure = failure && !nameTaken ? failure : undefined;
  // A refused name from the server moves the focus there, like a refused field of the form.
  useEffect(() => {
    if (nameTaken) formRef.current?.querySelector<HTMLElement>("[name=name]")?.focus();
  }, [nameTaken]);

  return (
    <AppDialog
      open={open}
      onClose={() => dialog.send({ type: "dialog.close" })}
      width="lg"
      title={mode === "edit" ? t`Edit Service` : t`Add Service`}
      description={
        mode === "edit"
          ? t`Change what callers can book and what it costs.`
          : t`Add something callers can book through your assistant.`
      }
    >
      {/* Nothing is disabled while saving: the chart ignores changes then, and disabling the focused
          control would drop the keyboard focus out of the dialog. */}
      <DialogForm
        formRef={formRef}
        label={mode === "edit" ? t`Edit Service` : t`Add Service`}
        busy={saving}
        onSubmit={(event) => void submit(event)}
      >
        {otherFailure ? (
          <Alert title={mode === "edit" ? t`Failed to update service` : t`Failed to create service`}>
            <SaveFailureText failure={otherFailure} />
          </Alert>
        ) : null}
        <Field
          label={t`Name`}
          name="name"
          required
          maxLength={200}
          autoComplete="off"
          value={draft.name}
          errorText={nameError}
          onChange={(event) => change({ name: event.target.value })}
        />
        <TextareaField
          label={<Trans>Description</Trans>}
          name="description"
          rows={3}
          maxLength={2000}
          value={draft.description}
          errorText={problems.description}
          onChange={(event) => change({ description: event.target.value })}
        />
        <div className={row}>
          <Field
            label={t`Duration (minutes)`}
            name="duration"
            // Text, read in the interface language (service-draft.ts): a number input reads the browser's.
            inputMode="numeric"
            autoComplete="off"
            required
            value={draft.duration}
            errorText={problems.duration}
            onChange={(event) => change({ duration: event.target.value })}
          />
          <Field
            label={currency ? t`Price (${currency})` : t`Price`}
            name="price"
            inputMode={decimals === 0 ? "numeric" : "decimal"}
            autoComplete="off"
            value={draft.price}
            errorText={problems.price}
            onChange={(event) => change({ price: event.target.value })}
          />
        </div>
        <div className={fieldStyles.root}>
          <label htmlFor={`${id}-category`} className={fieldStyles.label}>
            <Trans>Category (optional)</Trans>
          </label>
          <select
            id={`${id}-category`}
            name="category"
            value={draft.category}
            className={cx(inputRecipe({ size: "md" }), css({ appearance: "auto" }))}
            onChange={(event) =>
              change({
                category: SERVICE_CATEGORIES.find((category) => category === event.target.value) ?? "",
              })
            }
          >
            <option value="">{t`No category`}</option>
            {SERVICE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {i18n._(SERVICE_CATEGORY_LABELS[category])}
              </option>
            ))}
          </select>
        </div>
        <SwitchField
          checked={draft.isActive}
          name="isActive"
          label={<Trans>Active: your assistant offers it to callers</Trans>}
          onCheckedChange={(checked) => change({ isActive: checked })}
        />
        <fieldset className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          <legend className={cx(fieldStyles.label, css({ mb: "2" }))}>
            <Trans>Buffers around each appointment (optional)</Trans>
          </legend>
          <div className={row}>
            {(["bufferBeforeMinutes", "bufferAfterMinutes"] as const).map((name) => (
              <Field
                key={name}
                label={name === "bufferBeforeMinutes" ? t`Minutes before` : t`Minutes after`}
                name={name}
                inputMode="numeric"
                autoComplete="off"
                placeholder={t`Business default`}
                value={draft[name]}
                errorText={problems[name]}
                onChange={(event) => change({ [name]: event.target.value })}
              />
            ))}
          </div>
          <p className={css({ fontSize: "sm", color: "fg.muted" })}>
            <Trans>Leave empty to use the business default from Availability.</Trans>
          </p>
        </fieldset>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => dialog.send({ type: "dialog.close" })}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" aria-disabled={saving || undefined}>
            {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
          </Button>
        </Dialog.Footer>
      </DialogForm>
    </AppDialog>
  );
}
