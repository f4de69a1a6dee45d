import { useLingui } from "@lingui/react/macro";
import { ComingSoonCard } from "../../components/coming-soon-card";
import { PageHeader } from "../../components/ui/page-header";
import { VoiceAssistantCard } from "../assistant-keys/voice-assistant-card";
import { ActivityLogCard } from "../audit/activity-log-card";
import { CalendarCard } from "../calendar/calendar-card";
import { TelegramCard } from "../telegram/telegram-card";
import { CompanySettings } from "./company-settings";

/**
 * Composed from features, one card (or card group) each, each fetching its own data and showing its own
 * loading state; data protection comes next.
 */
export function SettingsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t({ id: "nav.settings", message: "Settings" })}
        description={t`Company information, call handling and integrations`}
      />
      <CompanySettings />
      <VoiceAssistantCard />
      <ActivityLogCard />
      <TelegramCard />
      <CalendarCard />
      <ComingSoonCard />
    </>
  );
}
