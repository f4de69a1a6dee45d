import { useLingui } from "@lingui/react/macro";
import { ComingSoonCard } from "../../components/coming-soon-card";
import { PageHeader } from "../../components/ui/page-header";
import { VoiceAssistantCard } from "./voice-assistant-card";

export function SettingsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t({ id: "nav.settings", message: "Settings" })}
        description={t`Company information, call handling and integrations`}
      />
      <VoiceAssistantCard />
      <ComingSoonCard />
    </>
  );
}
