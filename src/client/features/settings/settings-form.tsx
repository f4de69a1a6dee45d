import { Trans, useLingui } from "@lingui/react/macro";
import type { Company, CompanyChangesInput } from "@shared/company.schema";
import { toggleWorkingDay } from "@shared/company-form-rules";
import { timezoneOptions } from "@shared/company-timezones";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { css } from "styled-system/css";
import { LeaveGuard } from "../../components/leave-guard";
import { SaveBar } from "../../components/save-bar";
import { useCheckedSave } from "../../components/use-checked-save";
import { useApi } from "../../lib/api-context";
import { availabilityQueries } from "../../lib/availability-queries";
import { companyQuery, saveCompany } from "../../lib/company-queries";
import { useSessionActor } from "../session/session-context";
import { CallHandlingCard } from "./call-handling-card";
import { CompanyCard } from "./company-card";
import {
  changesOf,
  departmentLeftUnadded,
  draftOf,
  rebaseDraft,
  type SettingsDraft,
  sameDraft,
  TRANSFER_DETAILS,
  updateOf,
} from "./settings-draft";
import { DEPARTMENT_NOT_ADDED } from "./settings-field-messages";
import type { SettingsField, SettingsProblemTexts } from "./settings-problems";

const loadCheck = () => import("./settings-check");

/**
 * The company and call-handling cards as one form with one Save (spec 2). A failed save keeps every field as
 * typed; leaving with unsaved changes asks first.
 */
export function SettingsForm({ company }: { company: Company }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const session = useSessionActor();
  const saved = useMemo(() => draftOf(company), [company]);
  const zones = useMemo(() => timezoneOptions(company.settings.timezone), [company.settings.timezone]);
  const [draft, setDraft] = useState(saved);
  const [shownCompany, setShownCompany] = useState(company);

  // The company was fetched again: the fields being edited stay as typed, the others show it.
  if (company !== shownCompany) {
    setShownCompany(company);
    setDraft(rebaseDraft(draft, shownCompany, company));
  }
  const unsaved = !sameDraft(draft, saved);

  const { formRef, problems, setProblems, save, submit, reset } = useCheckedSave({
    loadCheck,
    send: (changes: CompanyChangesInput) => saveCompany(api, changes),
    onSaved: (stored, sent: SettingsDraft) => {
      queryClient.setQueryData(companyQuery(api).queryKey, stored);
      // The account menu names the business from the session's user, which only a sign-in would read again.
      const user = session.getSnapshot().context.user;
      if (user && user.businessName !== stored.name)
        session.send({ type: "session.updateUser", user: { ...user, businessName: stored.name } });
      // The weekly hours and the timezone are the availability screen's too.
      void queryClient.invalidateQueries({ queryKey: availabilityQueries.all() });
      setDraft((current) => (sameDraft(current, sent) ? draftOf(stored) : current));
    },
    draftProblemsOf: (sent: SettingsDraft) =>
      departmentLeftUnadded(sent) ? { newDepartment: DEPARTMENT_NOT_ADDED } : {},
  });

  const change = (patch: Partial<SettingsDraft>) => edit((current) => ({ ...current, ...patch }));
  const edit = (next: (current: SettingsDraft) => SettingsDraft) => {
    const before = draft;
    const after = next(before);
    setDraft(after);
    const changed = (Object.keys(after) as SettingsField[]).filter((key) => after[key] !== before[key]);
    // The default number moves with the departments: its complaint goes when they change.
    if (changed.includes("departments")) changed.push("defaultNumber");
    // The switch hides or shows these fields afresh: a complaint no one can see would still block the save.
    if (changed.includes("transferEnabled")) changed.push(...TRANSFER_DETAILS);
    if (changed.some((key) => problems[key])) {
      setProblems((current) =>
        Object.fromEntries(
          Object.entries(current).filter(([key]) => !changed.includes(key as SettingsField)),
        ),
      );
    }
  };

  const texts: SettingsProblemTexts = Object.fromEntries(
    Object.entries(problems).map(([key, message]) => [key, i18n._(message)]),
  );

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t`Company and call handling`}
      aria-busy={save.isPending || undefined}
      onSubmit={(event) => submit(event, updateOf(draft, company), changesOf(draft, saved), draft)}
      // The check's code is fetched on the form's first use, so Save does not wait for it.
      onFocusCapture={() => void loadCheck()}
      className={css({ display: "flex", flexDirection: "column", gap: "6", mb: "6" })}
    >
      <LeaveGuard when={unsaved} />
      <CompanyCard
        company={company}
        draft={draft}
        problems={texts}
        zones={zones}
        onChange={change}
        onToggleDay={(day) => change({ workingDays: toggleWorkingDay(draft.workingDays, day) })}
      />
      <CallHandlingCard
        companyPhone={company.phoneNumber}
        draft={draft}
        problems={texts}
        onChange={change}
        onDraft={edit}
      />
      <SaveBar
        unsaved={unsaved}
        blocked={Object.keys(problems).length > 0}
        saving={save.isPending}
        failure={save.isError && !save.isPending ? save.error : null}
        saveLabel={<Trans>Save settings</Trans>}
        onDiscard={() => {
          setDraft(saved);
          reset();
        }}
      />
    </form>
  );
}
