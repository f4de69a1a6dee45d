import { Trans, useLingui } from "@lingui/react/macro";
import { Plus, Trash2 } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { css, cx } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { IconButton } from "../../components/ui/icon-button";
import { Text } from "../../components/ui/text";
import { sameControlNearby } from "../../components/use-focus-after-removal";
import {
  addDepartment,
  type Department,
  makeDefault,
  removeDepartment,
  type SettingsDraft,
} from "./settings-draft";

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
  /** Save was pressed with a department typed in the new department's fields and not added. */
  notAddedText: string | undefined;
  onDraft: (change: (draft: SettingsDraft) => SettingsDraft) => void;
};

/** Spec 2 and 4: departments with add, make default and remove; the default moves by spec 4's rules. */
export function DepartmentList({
  companyPhone,
  draft,
  errorText,
  notAddedText,
  onDraft,
}: DepartmentListProps) {
  const { t } = useLingui();
  const id = useId();
  // In the draft, not here: typed and not added, it is an unsaved change (the badge, the leave guard, Discard).
  const { key, number } = draft.newDepartment;
  const type = (typed: Partial<Department>) =>
    onDraft((current) => ({ ...current, newDepartment: { ...current.newDepartment, ...typed } }));
  const [incomplete, setIncomplete] = useState(false);

  const add = () => {
    if (key.trim() === "" || number.trim() === "") {
      setIncomplete(true);
      return;
    }
    onDraft((current) => ({
      ...addDepartment(current, current.newDepartment),
      newDepartment: { key: "", number: "" },
    }));
    setIncomplete(false);
  };
  // Enter in the new department's fields adds it, instead of saving the whole form.
  const addOnEnter = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };
  const companyPhoneIsDefault = companyPhone !== "" && draft.defaultNumber === companyPhone;

  // The button used may go with its use ("Make default" once its department is the default, "Use the company
  // phone…" once it is, "Remove" with its row), which would leave focus on <body>; as the bookings list does, once
  // the list has changed, focus goes where the work goes on.
  const listRef = useRef<HTMLUListElement>(null);
  const newKeyRef = useRef<HTMLInputElement>(null);
  const focusNext = useRef<(() => HTMLElement | null) | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next && (!document.activeElement || document.activeElement === document.body)) next()?.focus();
  });

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
          ref={listRef}
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
                      onClick={(event) => {
                        // Its row's next action, Remove.
                        const row = event.currentTarget.closest("li");
                        focusNext.current = () => row?.querySelector("button") ?? null;
                        onDraft((current) => makeDefault(current, department.number));
                      }}
                    >
                      {/* The visible words start the name (WCAG 2.5.3); the department tells the buttons apart. */}
                      <Trans>Make default</Trans> <span className={css({ srOnly: true })}>{name}</span>
                    </Button>
                  )}
                  <IconButton
                    variant="ghost"
                    size="sm"
                    aria-label={t`Remove ${name}`}
                    onClick={(event) => {
                      // A neighbour's Remove; with the last department gone, the new department's name.
                      const near = sameControlNearby(event.currentTarget);
                      focusNext.current = () => near ?? newKeyRef.current;
                      onDraft((current) => removeDepartment(current, department.key, companyPhone));
                    }}
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
          onClick={() => {
            // The first department's "Make default", which every department now offers.
            focusNext.current = () => listRef.current?.querySelector("button") ?? null;
            onDraft((current) => makeDefault(current, companyPhone));
          }}
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
          ref={newKeyRef}
          id={`${id}-new-key`}
          label={t`Department`}
          name="newDepartmentKey"
          autoComplete="off"
          value={key}
          errorText={
            (incomplete && key.trim() === "" ? t`Enter the department's name.` : undefined) ?? notAddedText
          }
          onChange={(event) => type({ key: event.target.value })}
          onKeyDown={addOnEnter}
        />
        <Field
          label={t`Department phone number`}
          name="newDepartmentNumber"
          type="tel"
          autoComplete="off"
          value={number}
          errorText={incomplete && number.trim() === "" ? t`Enter the department's phone number.` : undefined}
          // Not added, both fields are at fault; the message under the name says so once.
          {...(notAddedText && !(incomplete && number.trim() === "")
            ? { "aria-invalid": true, "aria-describedby": `${id}-new-key-error` }
            : {})}
          onChange={(event) => type({ number: event.target.value })}
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
