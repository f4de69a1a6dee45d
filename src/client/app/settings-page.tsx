import { useLingui } from "@lingui/react/macro";
import { ComingSoonCard } from "../components/coming-soon-card";
import { PageHeader } from "../components/ui/page-header";
import { VoiceAssistantCard } from "../features/assistant-keys/voice-assistant-card";
import { CompanySettings } from "../features/settings/company-settings";
import { TelegramCard } from "../features/telegram/telegram-card";

/** Composed from features, one card (or card group) each; calendar and data protection come next. */
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
      <TelegramCard />
      <ComingSoonCard />
    </>
  );
}
