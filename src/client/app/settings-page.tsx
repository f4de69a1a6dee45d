import { useLingui } from "@lingui/react/macro";
import { ComingSoonCard } from "../components/coming-soon-card";
import { PageHeader } from "../components/ui/page-header";
import { VoiceAssistantCard } from "../features/assistant-keys/voice-assistant-card";
import { TelegramCard } from "../features/telegram/telegram-card";

/** Composed from features: assistant keys today; company, call handling, notifications, calendar and data protection next. */
export function SettingsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t({ id: "nav.settings", message: "Settings" })}
        description={t`Company information, call handling and integrations`}
      />
      <VoiceAssistantCard />
      <TelegramCard />
      <ComingSoonCard />
    </>
  );
}
