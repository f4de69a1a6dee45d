import { Trans, useLingui } from "@lingui/react/macro";
import { Plus, Trash2 } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { IconButton } from "../../components/ui/icon-button";
import { Text } from "../../components/ui/text";
import { addDepartment, makeDefault, removeDepartment, type SettingsDraft } from "./settings-draft";

const fieldStyles = field();
const row = css({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "2",
  py: "2",
  borderBottomWidth: "1px",
  borderColor: "border",
});

type DepartmentListProps = {
  companyPhone: string;
  draft: SettingsDraft;
  errorText: string | undefined;
  onDraft: (change: (draft: SettingsDraft) => SettingsDraft) => void;
};

/** Spec 2 and 4: departments with add, make default and remove; the default moves by spec 4's rules. */
export function DepartmentList({ companyPhone, draft, errorText, onDraft }: DepartmentListProps) {
  const { t } = useLingui();
  const id = useId();
  const [key, setKey] = useState("");
  const [number, setNumber] = useState("");
  const [incomplete, setIncomplete] = useState(false);

  const add = () => {
    if (key.trim() === "" || number.trim() === "") {
      setIncomplete(true);
      return;
    }
    onDraft((current) => addDepartment(current, { key, number }));
    setKey("");
    setNumber("");
    setIncomplete(false);
  };
  // Enter in the new department's fields adds it, instead of saving the whole form.
  const addOnEnter = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };
  const companyPhoneIsDefault = companyPhone !== "" && draft.defaultNumber === companyPhone;

  return (
    <fieldset aria-describedby={errorText ? `${id}-error` : undefined}>
      <legend className={cx(fieldStyles.label, css({ mb: "1" }))}>
        <Trans>Departments</Trans>
      </legend>
      {draft.departments.length === 0 ? (
        <Text size="sm" muted>
          <Trans>No departments yet.</Trans>
        </Text>
      ) : (
        <ul
          aria-label={t`Departments`}
          aria-describedby={errorText ? `${id}-error` : undefined}
          {...(errorText ? { tabIndex: -1, "data-problem": "" } : {})}
        >
          {draft.departments.map((department) => {
            const isDefault = department.number === draft.defaultNumber;
            const name = department.key;
            return (
              <li key={department.key} className={row}>
                <span className={css({ fontWeight: "medium", overflowWrap: "anywhere" })}>
                  {department.key}
                </span>
                <span className={css({ color: "fg.muted", fontVariantNumeric: "tabular-nums" })}>
                  {department.number}
                </span>
                {isDefault ? (
                  <Badge tone="accent" variant="subtle">
                    <Trans>Default</Trans>
                  </Badge>
                ) : null}
                <span className={css({ ms: "auto", display: "inline-flex", gap: "1" })}>
                  {isDefault ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => onDraft((current) => makeDefault(current, department.number))}
                    >
                      {/* The visible words start the name (WCAG 2.5.3); the department tells the buttons apart. */}
                      <Trans>Make default</Trans> <span className={css({ srOnly: true })}>{name}</span>
                    </Button>
                  )}
                  <IconButton
                    variant="ghost"
                    size="sm"
                    aria-label={t`Remove ${name}`}
                    onClick={() =>
                      onDraft((current) => removeDepartment(current, department.key, companyPhone))
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </IconButton>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {companyPhone !== "" && !companyPhoneIsDefault && draft.departments.length > 0 ? (
        <Button
          variant="ghost"
          size="sm"
          className={css({ mt: "2" })}
          onClick={() => onDraft((current) => makeDefault(current, companyPhone))}
        >
          <Trans>Use the company phone as the default</Trans>
        </Button>
      ) : null}
      {errorText ? (
        <span id={`${id}-error`} className={fieldStyles.errorText}>
          {errorText}
        </span>
      ) : null}
      <div
        className={css({
          display: "grid",
          gap: "3",
          mt: "3",
          alignItems: "end",
          gridTemplateColumns: { base: "1fr", sm: "1fr 1fr auto" },
        })}
      >
        <Field
          label={t`Department`}
          name="newDepartmentKey"
          autoComplete="off"
          value={key}
          errorText={incomplete && key.trim() === "" ? t`Enter the department's name.` : undefined}
          onChange={(event) => setKey(event.target.value)}
          onKeyDown={addOnEnter}
        />
        <Field
          label={t`Department phone number`}
          name="newDepartmentNumber"
          type="tel"
          autoComplete="off"
          value={number}
          errorText={incomplete && number.trim() === "" ? t`Enter the department's phone number.` : undefined}
          onChange={(event) => setNumber(event.target.value)}
          onKeyDown={addOnEnter}
        />
        <Button variant="outline" onClick={add}>
          <Plus aria-hidden="true" />
          <Trans>Add department</Trans>
        </Button>
      </div>
    </fieldset>
  );
}
