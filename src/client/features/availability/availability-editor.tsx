import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Availability, AvailabilityUpdate } from "@shared/availability.schema";
import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo, useState } from "react";
import { css } from "styled-system/css";
import { LeaveGuard } from "../../components/leave-guard";
import * as Tabs from "../../components/ui/tabs";
import { toaster } from "../../components/ui/toaster";
import { useApi } from "../../lib/api-context";
import { availabilityQueries } from "../../lib/availability-queries";
import { companyQuery } from "../../lib/company-queries";
import { i18n } from "../../lib/i18n";
import { useInspectOptions } from "../../lib/inspect-context";
import { provideAvailabilityForm } from "./availability-form.actors";
import { hasUnsavedChanges } from "./availability-form-ref";
import type { AvailabilityTab } from "./availability-search";
import { BlackoutDatesPanel } from "./blackout-dates-panel";
import { BufferRulesEditor } from "./buffer-rules-editor";
import { FormActions } from "./form-actions";
import { availabilityChecks, loadAvailabilityValidation } from "./use-availability-validation";
import { WeeklyScheduleEditor } from "./weekly-schedule-editor";

// The form edits what PUT takes: blackouts save one by one, the timezone belongs to the company settings.
const updateOf = ({ blackoutDates: _, timezone: __, ...update }: Availability): AvailabilityUpdate => update;

type AvailabilityEditorProps = {
  availability: Availability;
  tab: AvailabilityTab;
  today: string;
  onTab: (tab: AvailabilityTab) => void;
};

const panel = css({ pt: "4" });

/** The three tabs of spec 2; the schedule and the rules are one form (one PUT), blackouts save one by one. */
export function AvailabilityEditor({ availability, tab, today, onTab }: AvailabilityEditorProps) {
  const { t } = useLingui();
  const form = useAvailabilityForm(availability);
  const unsaved = useSelector(form, hasUnsavedChanges);
  return (
    <>
      <LeaveGuard when={unsaved} />
      <Tabs.Root
        value={tab}
        onValueChange={({ value }) => {
          if (value === "schedule" || value === "blackouts" || value === "rules") onTab(value);
        }}
        lazyMount
        // The schema checks load when the form is first used, not with the page (use-availability-validation.ts).
        onFocusCapture={() => void loadAvailabilityValidation()}
        onPointerDownCapture={() => void loadAvailabilityValidation()}
      >
        <Tabs.List aria-label={t`Availability`}>
          <Tabs.Trigger value="schedule">
            <Trans>Weekly schedule</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="blackouts">
            <Trans>Blackout dates</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="rules">
            <Trans>Buffer rules</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="schedule" className={panel}>
          <WeeklyScheduleEditor form={form} />
          <FormActions form={form} />
        </Tabs.Content>
        <Tabs.Content value="blackouts" className={panel}>
          <BlackoutDatesPanel
            blackouts={availability.blackoutDates}
            today={today}
            timeZone={availability.timezone}
          />
        </Tabs.Content>
        <Tabs.Content value="rules" className={panel}>
          <BufferRulesEditor form={form} />
          <FormActions form={form} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}

/** The form's actor, fed the server's values again whenever they are refetched. */
function useAvailabilityForm(availability: Availability) {
  const api = useApi();
  const queryClient = useQueryClient();
  const inspectOptions = useInspectOptions();
  const [machine] = useState(() =>
    provideAvailabilityForm({
      api,
      isValid: (draft) => availabilityChecks().isValidUpdate(draft),
      onSaved: () => {
        toaster.success({ title: i18n._(msg`Availability saved`) });
        void queryClient.invalidateQueries({ queryKey: availabilityQueries.all() });
        // The company's hours and working days are read from the week just saved (Settings shows them).
        void queryClient.invalidateQueries({ queryKey: companyQuery(api).queryKey });
      },
    }),
  );
  const values = useMemo(() => updateOf(availability), [availability]);
  const form = useActorRef(machine, { input: values, ...inspectOptions });
  useEffect(() => {
    form.send({ type: "form.reload", values });
  }, [form, values]);
  return form;
}
