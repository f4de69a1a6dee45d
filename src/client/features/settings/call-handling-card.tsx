import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { css } from "styled-system/css";
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { SwitchField } from "../../components/ui/switch-field";
import { Text } from "../../components/ui/text";
import { TextareaField } from "../../components/ui/textarea-field";
import { DepartmentList } from "./department-list";
import type { SettingsDraft } from "./settings-draft";
import type { SettingsProblemTexts } from "./settings-problems";

type CallHandlingCardProps = {
  companyPhone: string;
  draft: SettingsDraft;
  problems: SettingsProblemTexts;
  onChange: (patch: Partial<SettingsDraft>) => void;
  onDraft: (change: (draft: SettingsDraft) => SettingsDraft) => void;
};

/** Spec 2 "Call handling": the transfer switch reveals where calls go, what callers hear, and for how long. */
export function CallHandlingCard({
  companyPhone,
  draft,
  problems,
  onChange,
  onDraft,
}: CallHandlingCardProps) {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>
          <Trans>Call handling</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>When your assistant hands a caller over to a person, and to which number.</Trans>
        </CardDescription>
      </CardHeader>
      <CardBody className={css({ gap: "5" })}>
        <SwitchField
          name="transferEnabled"
          label={<Trans>Transfer calls to a person</Trans>}
          checked={draft.transferEnabled}
          onCheckedChange={(transferEnabled) => onChange({ transferEnabled })}
        />
        {draft.transferEnabled ? (
          <>
            <DefaultNumber
              companyPhone={companyPhone}
              number={draft.defaultNumber}
              errorText={problems.defaultNumber}
            />
            <DepartmentList
              companyPhone={companyPhone}
              draft={draft}
              errorText={problems.departments}
              notAddedText={problems.newDepartment}
              onDraft={onDraft}
            />
            <TextareaField
              label={t`Transfer message`}
              name="transferMessage"
              rows={2}
              helperText={t`What callers hear before they are put through.`}
              value={draft.transferMessage}
              errorText={problems.transferMessage}
              onChange={(event) => onChange({ transferMessage: event.target.value })}
            />
          </>
        ) : null}
        {/* Spec 4: only the numbers and the message appear with the switch; these two are always there. */}
        <SwitchField
          name="workingHoursOnly"
          label={<Trans>Transfer only during working hours</Trans>}
          checked={draft.workingHoursOnly}
          onCheckedChange={(workingHoursOnly) => onChange({ workingHoursOnly })}
        />
        <Field
          label={t`Maximum wait (seconds)`}
          name="maxWaitTime"
          inputMode="numeric"
          helperText={t`How long a caller waits for someone to pick up. Anything but a number means 300.`}
          value={draft.maxWaitTime}
          errorText={problems.maxWaitTime}
          className={css({ maxW: "12rem" })}
          onChange={(event) => onChange({ maxWaitTime: event.target.value })}
        />
      </CardBody>
    </Card>
  );
}

/** Read-only (spec 2): set by "Make default" on a department, or the company phone. */
function DefaultNumber({
  companyPhone,
  number,
  errorText,
}: {
  companyPhone: string;
  number: string;
  errorText: string | undefined;
}) {
  const id = useId();
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
      <span id={`${id}-label`} className={css({ fontSize: "sm", fontWeight: "medium" })}>
        <Trans>Default transfer number</Trans>
      </span>
      <output
        aria-labelledby={`${id}-label`}
        aria-describedby={errorText ? `${id}-error` : undefined}
        data-default-number=""
        // A refused default is not typed in a field: the focus comes here to read why.
        {...(errorText ? { tabIndex: -1, "data-problem": "" } : {})}
        className={css({ fontVariantNumeric: "tabular-nums" })}
      >
        {number === "" ? (
          <Text as="span" size="sm" muted>
            <Trans>None yet: add a department below.</Trans>
          </Text>
        ) : number === companyPhone ? (
          <Trans>{number} (company phone)</Trans>
        ) : (
          number
        )}
      </output>
      {errorText ? (
        <span id={`${id}-error`} className={css({ fontSize: "sm", color: "fg.error" })}>
          {errorText}
        </span>
      ) : null}
    </div>
  );
}
