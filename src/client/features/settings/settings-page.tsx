import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "../../components/ui/page-header";
import { ActivityLogCard } from "../audit/activity-log-card";
import { BusinessDataCard } from "../business-data/business-data-card";
import { CalendarCard } from "../calendar/calendar-card";
import { DataProtectionCard } from "../data-protection/data-protection-card";
import { TelegramCard } from "../telegram/telegram-card";
import { VoiceAssistantCard } from "../voice-platforms/voice-assistant-card";
import { CompanySettings } from "./company-settings";

/**
 * Composed from features, one card (or card group) each, each fetching its own data and showing its own
 * loading state.
 */
export function SettingsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t({ id: "nav.settings", message: "Settings" })}
        description={t`Company information, call handling, integrations and data protection`}
      />
      <CompanySettings />
      <VoiceAssistantCard />
      <ActivityLogCard />
      <TelegramCard />
      <CalendarCard />
      <DataProtectionCard />
      <BusinessDataCard />
    </>
  );
}
