import { Trans, useLingui } from "@lingui/react/macro";
import type { Company, CompanyUpdateInput } from "@shared/company.schema";
import { toggleWorkingDay } from "@shared/company-form-rules";
import { timezoneOptions } from "@shared/company-timezones";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { css } from "styled-system/css";
import { LeaveGuard } from "../../components/leave-guard";
import { SaveBar } from "../../components/save-bar";
import { toaster } from "../../components/ui/toaster";
import { useApi } from "../../lib/api-context";
import { availabilityQueries } from "../../lib/availability-queries";
import { companyQuery, saveCompany } from "../../lib/company-queries";
import { failureOf } from "../../lib/error-wording";
import { useOneAtATime } from "../../lib/use-one-at-a-time";
import { CallHandlingCard } from "./call-handling-card";
import { CompanyCard } from "./company-card";
import { draftOf, rebaseDraft, type SettingsDraft, sameDraft, updateOf } from "./settings-draft";
import type { SettingsField, SettingsProblems, SettingsProblemTexts } from "./settings-problems";

const loadCheck = () => import("./settings-check");

/**
 * The company and call-handling cards as one form with one Save (spec 2). A failed save keeps every field as
 * typed; leaving with unsaved changes asks first.
 */
export function SettingsForm({ company }: { company: Company }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useMemo(() => draftOf(company), [company]);
  const zones = useMemo(() => timezoneOptions(company.settings.timezone), [company.settings.timezone]);
  const [draft, setDraft] = useState(saved);
  const [shownCompany, setShownCompany] = useState(company);
  const [problems, setProblems] = useState<SettingsProblems>({});
  const [checks, setChecks] = useState(0);

  // The company was fetched again: the fields being edited stay as typed, the others show it.
  if (company !== shownCompany) {
    setShownCompany(company);
    setDraft(rebaseDraft(draft, shownCompany, company));
  }
  const unsaved = !sameDraft(draft, saved);

  // After a refused save, the first field at fault takes the focus (its message is read with it).
  useEffect(() => {
    if (checks > 0)
      formRef.current?.querySelector<HTMLElement>("[aria-invalid=true], [data-problem]")?.focus();
  }, [checks]);

  const save = useMutation({
    mutationFn: ({ update }: { update: CompanyUpdateInput; sent: SettingsDraft }) => saveCompany(api, update),
    onSuccess: (stored, { sent }) => {
      queryClient.setQueryData(companyQuery(api).queryKey, stored);
      // The weekly hours and the timezone are the availability screen's too.
      void queryClient.invalidateQueries({ queryKey: availabilityQueries.all() });
      setDraft((current) => (sameDraft(current, sent) ? draftOf(stored) : current));
      toaster.success({ title: t`Settings updated successfully` });
    },
    onError: async (error, { update }) => {
      toaster.error({ title: t`Failed to update settings` });
      const refused = (await loadCheck()).serverProblemOf(failureOf(error)?.field, update);
      if (refused) {
        setProblems(refused);
        setChecks((n) => n + 1);
      }
    },
  });

  const change = (patch: Partial<SettingsDraft>) => edit((current) => ({ ...current, ...patch }));
  const edit = (next: (current: SettingsDraft) => SettingsDraft) => {
    const before = draft;
    const after = next(before);
    setDraft(after);
    const changed = (Object.keys(after) as SettingsField[]).filter((key) => after[key] !== before[key]);
    // The default number moves with the departments: its complaint goes when they change.
    if (changed.includes("departments")) changed.push("defaultNumber");
    if (changed.some((key) => problems[key])) {
      setProblems((current) =>
        Object.fromEntries(
          Object.entries(current).filter(([key]) => !changed.includes(key as SettingsField)),
        ),
      );
    }
  };

  // One save at a time from the press on: the check is awaited before the request goes, and a second press
  // meanwhile (or before the render that says "Saving…") must not send it again.
  const oneAtATime = useOneAtATime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    oneAtATime(async () => {
      const update = updateOf(draft, company.phoneNumber);
      const found = (await loadCheck()).problemsOf(update);
      setProblems(found);
      if (Object.keys(found).length > 0) {
        setChecks((n) => n + 1);
        return;
      }
      await save.mutateAsync({ update, sent: draft });
    });
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
      onSubmit={submit}
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
          setProblems({});
          save.reset();
        }}
      />
    </form>
  );
}
